import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import { commandOf, IdBody, VersionBody, VersionDiffBody } from '@platform/contracts/dto';

import { actorOf } from '../common/commands';
import { VersionsService } from './versions.service';

class IdCommand extends commandOf(IdBody) {}
class VersionCommand extends commandOf(VersionBody) {}
class DiffCommand extends commandOf(VersionDiffBody) {}

/** Message handlers of a workflow's versions. */
@Controller()
export class VersionsController {
  constructor(private readonly versions: VersionsService) {}

  @MessagePattern(WORKFLOW_PATTERNS.versions)
  versionList(@Payload() { body }: IdCommand) {
    return this.versions.list(body.id);
  }

  @MessagePattern(WORKFLOW_PATTERNS.version)
  version(@Payload() { body }: VersionCommand) {
    return this.versions.get(body.id, body.version);
  }

  @MessagePattern(WORKFLOW_PATTERNS.diff)
  diff(@Payload() { body }: DiffCommand) {
    return this.versions.diff(body.id, body.from, body.to);
  }

  @MessagePattern(WORKFLOW_PATTERNS.restore)
  restore(@Payload() command: VersionCommand) {
    return this.versions.restore(command.body.id, command.body.version, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.resolveRun)
  resolveRun(@Payload() { body }: IdCommand) {
    return this.versions.resolveRun(body.id);
  }
}
