import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import {
  AvatarBody,
  commandOf,
  IntValueBody,
  ProfileBody,
  UpdatePwdBody,
} from '@platform/contracts/dto';

import { callerOf } from '../common/sql';
import { ProfileService } from './profile.service';

class ProfileCommand extends commandOf(ProfileBody) {}
class UpdatePwdCommand extends commandOf(UpdatePwdBody) {}
class AvatarCommand extends commandOf(AvatarBody) {}
class IntCommand extends commandOf(IntValueBody) {}
class EmptyCommand extends commandOf(Object) {}

/** The signed-in user's personal centre. */
@Controller()
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @MessagePattern(A.profileGet)
  get(@Payload() c: EmptyCommand) {
    return this.profile.get(callerOf(c), c.client.lang);
  }

  @MessagePattern(A.profileUpdate)
  async update(@Payload() c: ProfileCommand) {
    await this.profile.update(c.body, callerOf(c));
    return {};
  }

  @MessagePattern(A.profileUpdatePwd)
  async updatePwd(@Payload() c: UpdatePwdCommand) {
    await this.profile.updatePassword(c.body, callerOf(c));
    return {};
  }

  @MessagePattern(A.profileAvatar)
  avatar(@Payload() c: AvatarCommand) {
    return this.profile.setAvatar(c.body.avatar, callerOf(c));
  }

  @MessagePattern(A.profilePageSize)
  async pageSize(@Payload() c: IntCommand) {
    await this.profile.setPageSize(c.body.value, callerOf(c));
    return {};
  }

  @MessagePattern(A.profileTour)
  async tour(@Payload() c: IntCommand) {
    await this.profile.setTour(c.body.value, callerOf(c));
    return {};
  }
}
