import { Injectable } from '@nestjs/common';
import type { BilingualText, JobHandlerView } from '@platform/contracts';

import { DictsService } from '../dicts/dicts.service';
import { LogsService } from '../logs/logs.service';
import { ConfigsService } from '../params/configs.service';

export interface JobHandler {
  description: BilingualText;
  paramsHint: BilingualText;
  /** Runs the job; the returned text goes into the job log. Throws to fail the run. */
  run(params: string): Promise<string>;
}

const NO_PARAMS: BilingualText = { zh: '', en: '' };

function days(params: string): number {
  const value = Number(params.trim());
  if (!Number.isInteger(value) || value < 1 || value > 3650)
    throw new Error('parameter must be a number of days between 1 and 3650');
  return value;
}

/**
 * The only code a scheduled job can run: a job names one of these handlers and passes it a
 * parameter string. Nothing is looked up by class or method name, so an administrator (or anyone
 * who gets into that screen) cannot make the scheduler call arbitrary code.
 */
@Injectable()
export class JobRegistry {
  private readonly handlers: Record<string, JobHandler>;

  constructor(logs: LogsService, dicts: DictsService, configs: ConfigsService) {
    this.handlers = {
      'demo.echo': {
        description: { zh: '示例：回显参数', en: 'Example: echo the parameter' },
        paramsHint: { zh: '任意文本', en: 'Any text' },
        run: async (params) => `echo: ${params}`,
      },
      'demo.sleep': {
        description: { zh: '示例：等待指定毫秒', en: 'Example: wait some milliseconds' },
        paramsHint: { zh: '毫秒数（最多 60000）', en: 'Milliseconds (at most 60000)' },
        run: async (params) => {
          const ms = Math.min(60_000, Math.max(0, Number(params) || 0));
          await new Promise((resolve) => setTimeout(resolve, ms));
          return `slept ${ms} ms`;
        },
      },
      'log.cleanLoginLog': {
        description: { zh: '清理登录日志', en: 'Delete old login-log rows' },
        paramsHint: { zh: '保留天数', en: 'Days to keep' },
        run: async (params) => `deleted ${await logs.cleanLogin(days(params))} rows`,
      },
      'log.cleanOperLog': {
        description: { zh: '清理操作日志', en: 'Delete old operation-log rows' },
        paramsHint: { zh: '保留天数', en: 'Days to keep' },
        run: async (params) => `deleted ${await logs.cleanOper(days(params))} rows`,
      },
      'cache.refreshDicts': {
        description: { zh: '刷新字典缓存', en: 'Reload the dictionary cache' },
        paramsHint: NO_PARAMS,
        run: async () => `reloaded ${(await dicts.refreshCache()).types} dictionaries`,
      },
      'cache.refreshConfigs': {
        description: { zh: '刷新参数缓存', en: 'Reload the parameter cache' },
        paramsHint: NO_PARAMS,
        run: async () => `reloaded ${(await configs.refreshCache()).keys} parameters`,
      },
    };
  }

  get(name: string): JobHandler | undefined {
    return Object.hasOwn(this.handlers, name) ? this.handlers[name] : undefined;
  }

  list(): JobHandlerView[] {
    return Object.entries(this.handlers).map(([name, h]) => ({
      name,
      description: h.description,
      paramsHint: h.paramsHint,
    }));
  }
}
