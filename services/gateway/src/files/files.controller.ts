import { Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  BUSINESS_TYPES as B,
  DomainError,
  FILE_EXTENSIONS,
  renderMessage,
  RICH_TEXT_IMAGE_EXTENSIONS,
} from '@platform/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Public, SignedIn } from '../common/decorators';
import { Envelope } from '../common/envelope';
import { Log } from '../common/oper-log';
import { stateOf } from '../common/request-context';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';
import { ServiceClient } from '../rpc/service-client';
import { actorOf, isPublicFile, mayRead } from './owned-files';
import { FILE_STORE, type FileStore, keyOf } from './storage/file-store';
import { sendStoredFile } from './storage/send-file';
import { assertWithinQuota } from './upload-quota';
import { receiveFile, type StoredFile, storeFile, storeOwnedFile } from './uploads';

const F = ['通用上传', 'Uploads'] as const;

/** Upload responses carry their fields at the top level (spec §3 "Upload responses") and in data. */
function uploaded(request: FastifyRequest, stored: StoredFile): Envelope {
  const msg = renderMessage('common.success', stateOf(request).lang ?? 'zh');
  return new Envelope({ code: 200, msg, ...stored, data: stored });
}

/**
 * Uploads (5 MB, type checked by content), downloads of stored files, and serving the public ones.
 * Who may load which stored file is owned-files.ts's rule: avatars and rich-text images for anyone,
 * a user's own uploads for them (and readers of every conversation or mission) only.
 */
@ApiTags('common')
@Controller()
export class FilesController {
  constructor(
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
    private readonly services: ServiceClient,
  ) {}

  /** The user's own files, e.g. a mission's (multipart field `file`), within their storage quota. */
  @Post('common/upload')
  @HttpCode(200)
  @SignedIn()
  @Log(...F, B.insert)
  async upload(@Req() request: FastifyRequest): Promise<Envelope> {
    const file = await receiveFile(request, 'file', FILE_EXTENSIONS);
    const { userId } = stateOf(request).session!;
    await assertWithinQuota(this.services, request, this.files, userId, file.buffer.length);
    return uploaded(request, await storeOwnedFile(this.files, 'upload', userId, file));
  }

  /** Images of the rich text editor: jpeg, jpg, png or svg only ("图片格式错误!"). */
  @Post('common/upload/image')
  @HttpCode(200)
  @SignedIn()
  @Log(...F, B.insert)
  async uploadImage(@Req() request: FastifyRequest): Promise<Envelope> {
    const file = await receiveFile(
      request,
      'file',
      RICH_TEXT_IMAGE_EXTENSIONS,
      'upload.image_type',
    );
    return uploaded(request, await storeFile(this.files, 'image', file));
  }

  /**
   * A stored file as a download (`resource` is its `/profile/...` path), never cached: another
   * user's own file answers 404 as a missing one does (its existence is not told).
   */
  @Get('common/download/resource')
  @SignedIn()
  async resource(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query('resource') resource = '',
  ): Promise<void> {
    await this.sendFile(reply, this.readable(request, resource), true);
  }

  /** Same, by `fileName`; `delete=true` removes it afterwards, allowed for temporary files only. */
  @Get('common/download')
  @SignedIn()
  async download(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query('fileName') fileName = '',
    @Query('delete') remove = 'false',
  ): Promise<void> {
    const key = await this.sendFile(reply, this.readable(request, fileName), true);
    if (remove === 'true' && /^\/?(profile\/)?download\//.test(fileName)) {
      reply.raw.once('finish', () => void this.files.remove(key).catch(() => undefined));
    }
  }

  /**
   * Serves the public stored files (avatars, rich-text images) to anyone, like RuoYi's /profile,
   * under random names; users' own files are not served here (404), only by the downloads above.
   */
  @Get('profile/*')
  @Public()
  async serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const name = `/profile/${(request.params as Record<string, string>)['*'] ?? ''}`;
    await this.sendFile(reply, isPublicFile(name) ? name : '', false);
  }

  /** The name when the signed-in caller may read that file, else '' (sendFile answers 404). */
  private readable(request: FastifyRequest, name: string): string {
    const session = stateOf(request).session;
    return session && mayRead(actorOf(session), name.startsWith('/') ? name : `/${name}`)
      ? name
      : '';
  }

  /** Streams a stored file (404 when there is none); answers its key. */
  private async sendFile(reply: FastifyReply, name: string, attachment: boolean): Promise<string> {
    const key = name ? keyOf(name) : null;
    const sent = key
      ? await sendStoredFile(reply, this.files, key, {
          attachment,
          cacheControl: attachment ? 'no-store' : 'public, max-age=86400',
          signedSeconds: this.env.S3_SIGNED_DOWNLOAD_SECONDS,
        })
      : false;
    if (!sent) throw new DomainError('download.not_found', {}, 404);
    return key!;
  }
}
