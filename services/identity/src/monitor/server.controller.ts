import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SERVER_INFO_PATTERNS } from '@platform/contracts';
import { serverInfo } from '@platform/nest-common';

/** This service's server figures, for the gateway's server monitor. */
@Controller()
export class ServerController {
  @MessagePattern(SERVER_INFO_PATTERNS.identity)
  server() {
    return serverInfo('identity');
  }
}
