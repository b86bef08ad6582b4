import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  BUSINESS_TYPES as B,
  DomainError,
  type MissionView,
  PERMISSIONS,
  WORKFLOW_PATTERNS as W,
} from '@platform/contracts';
import {
  MissionFilesZipQuery,
  MissionListQuery,
  MissionLogListQuery,
  MissionReplyBody,
  MissionRerunBody,
  MissionReviewBody,
  MissionStartBody,
} from '@platform/contracts/dto';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { Log } from '../common/oper-log';
import { forwardPage } from '../common/paging';
import { idOf } from '../common/path-ids';
import { stateOf } from '../common/request-context';
import { missionFilesUnder, zipStream } from '../files/mission-files';
import { actorOf } from '../files/owned-files';
import { FILE_STORE, type FileStore } from '../files/storage/file-store';
import { ServiceClient } from '../rpc/service-client';
import { findUploaded } from './chat-attachments';

const M = PERMISSIONS.wujie.mission;
const MISSION_LOG: [string, string] = ['任务', 'Task'];

/**
 * Missions (task list, /mission/info): a user's own, every user's for an administrator. Which
 * missions a caller may see or act on is decided by the workflow service, in one place.
 */
@ApiTags('mission')
@Controller('wujie/mission')
export class MissionController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /**
   * Starts a mission on a workflow with the user's inputs (content, files or a patch). Its files
   * must be the caller's own uploads (no path of their choosing, no other user's file).
   */
  @Post()
  @HttpCode(200)
  @RequirePermissions(M.add)
  @Log(...MISSION_LOG, B.insert)
  async start(@Req() request: FastifyRequest, @Body() body: MissionStartBody) {
    await this.checkFiles(request, body.inputs?.files ?? []);
    return this.services.forward(W.missionStart, request, body);
  }

  @Get('list')
  @RequirePermissions(M.list)
  list(@Req() request: FastifyRequest, @Query() query: MissionListQuery) {
    return forwardPage(this.services, W.missionList, request, query);
  }

  @Get(':id')
  @RequirePermissions(M.query)
  get(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.services.forward(W.missionGet, request, idOf(id));
  }

  /**
   * The mission's files under one folder (`path`, e.g. `/profile/upload/5/2026/11/29`; none: all of
   * them) as one zip, streamed: spec §7 "zip download by path". The workflow service says whether the
   * caller may see the mission (another user's answers 404 as a missing one does); mission-files.ts
   * takes only the files the mission names that are its owner's own uploads.
   */
  @Get(':id/files/zip')
  @RequirePermissions(M.query)
  async filesZip(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
    @Query() query: MissionFilesZipQuery,
  ): Promise<void> {
    const mission = await this.services.forward<MissionView>(W.missionGet, request, idOf(id));
    const reader = actorOf(stateOf(request).session!);
    const stream = await zipStream(this.files, missionFilesUnder(mission, query.path, reader));
    if (!stream) throw new DomainError('mission.files_none', {}, 404);
    void reply
      .header('content-type', 'application/zip')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${mission.code}-files.zip"`)
      .send(stream);
  }

  /** Ends the mission's process instance: the mission is stopped and its progress gone. */
  @Post(':id/stop')
  @HttpCode(200)
  @RequirePermissions(M.stop)
  @Log(...MISSION_LOG, B.update)
  stop(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.services.forward(W.missionStop, request, idOf(id));
  }

  /** A new run from node `nodeId`, with what the nodes before it produced (new run id). */
  @Post(':id/rerun')
  @HttpCode(200)
  @RequirePermissions(M.rerun)
  @Log(...MISSION_LOG, B.update)
  rerun(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: MissionRerunBody) {
    return this.services.forward(W.missionRerun, request, { ...body, ...idOf(id) });
  }

  /**
   * The owner answers an agent's question (user input required): the waiting node goes on. Its
   * files are checked as a chat message's are (uploaded, still there); the chat shows their names.
   */
  @Post(':id/reply')
  @HttpCode(200)
  @RequirePermissions(M.add)
  @Log(...MISSION_LOG, B.update)
  async reply(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Body() body: MissionReplyBody,
  ) {
    await this.checkFiles(request, body.files ?? []);
    return this.services.forward(W.missionReply, request, { ...body, ...idOf(id) });
  }

  private async checkFiles(
    request: FastifyRequest,
    files: readonly (string | { fileName: string })[],
  ) {
    const sender = stateOf(request).session!.userId;
    for (const file of files) {
      await findUploaded(this.files, sender, typeof file === 'string' ? { fileName: file } : file);
    }
  }

  /** An administrator approves (the mission goes on) or rejects (it stops, with the reason). */
  @Post(':id/review')
  @HttpCode(200)
  @RequirePermissions(M.review)
  @Log(...MISSION_LOG, B.update)
  review(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: MissionReviewBody) {
    return this.services.forward(W.missionReview, request, { ...body, ...idOf(id) });
  }
}

/** The log of node runs (page wujie/missionlog, and a mission's nodes on /mission/info). */
@ApiTags('mission')
@Controller('wujie/missionLog')
export class MissionLogController {
  constructor(private readonly services: ServiceClient) {}

  /** Reading one's own mission includes its log: `wujie:mission:query` is enough for that. */
  @Get('list')
  @RequirePermissions([PERMISSIONS.wujie.missionLog.list, M.query], 'any')
  list(@Req() request: FastifyRequest, @Query() query: MissionLogListQuery) {
    return forwardPage(this.services, W.missionLogList, request, query);
  }
}
