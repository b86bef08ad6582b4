import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IDENTITY_PATTERNS } from '@platform/contracts';
import { commandOf } from '@platform/contracts/dto';

import { callerOf } from '../common/sql';
import { RoutersService } from './routers.service';

class CallerCommand extends commandOf(Object) {}

/** The signed-in user's routes: the menus they may see, as the web's router wants them. */
@Controller()
export class RoutersController {
  constructor(private readonly routers: RoutersService) {}

  @MessagePattern(IDENTITY_PATTERNS.routers)
  routes(@Payload() command: CallerCommand) {
    return this.routers.routesFor(callerOf(command).userId, command.client.lang);
  }
}
