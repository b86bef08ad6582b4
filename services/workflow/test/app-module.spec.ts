import 'reflect-metadata';

import { MODULE_METADATA } from '@nestjs/common/constants';
import { controllersUnder, nestMetadata as metadata, patternsOf } from '@platform/test-support';
import { describe, expect, it } from 'vitest';

import { AppModule } from '../src/app.module';
import { loadWorkflowEnv } from '../src/config/env';

// The service's structure (issue 28): AppModule only imports feature modules, each declaring its own
// controllers and providers, and each controller handles the message patterns of one resource. Read
// from Nest's decorator metadata, no app started.

const root = AppModule.forRoot(loadWorkflowEnv({ LOG_LEVEL: 'silent' }));

/**
 * The resource a pattern addresses: the segment after the service (and `bpm`), up to a hyphen, so a
 * mission's log (mission-log) is the mission's.
 */
function resourceOf(pattern: string): string {
  const [, ...segments] = pattern.split('.');
  const [resource] = segments[0] === 'bpm' ? segments.slice(1) : segments;
  return resource.split('-')[0];
}

describe(AppModule.name, () => {
  it('should import modules only, declaring no provider or controller itself', () => {
    expect(root.providers ?? []).toEqual([]);
    expect(root.controllers ?? []).toEqual([]);
    expect(metadata(AppModule, MODULE_METADATA.PROVIDERS)).toEqual([]);
    expect(metadata(AppModule, MODULE_METADATA.CONTROLLERS)).toEqual([]);
  });

  it('should declare each controller in one module and handle each pattern once', () => {
    const controllers = controllersUnder(root);
    expect(controllers.length).toBeGreaterThan(10);
    expect(new Set(controllers).size).toBe(controllers.length);
    const patterns = controllers.flatMap(patternsOf);
    expect(patterns.length).toBeGreaterThan(50);
    expect(patterns.filter((pattern, i) => patterns.indexOf(pattern) !== i)).toEqual([]);
  });

  it('should have no controller that serves more than one resource', () => {
    const mixed = controllersUnder(root)
      .map((controller) => ({
        controller: controller.name,
        resources: [...new Set(patternsOf(controller).map(resourceOf))],
      }))
      .filter(({ resources }) => resources.length > 1);
    expect(mixed).toEqual([]);
  });
});
