import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import { commandOf, IdBody, IdsBody, PostBody, PostQuery } from '@platform/contracts/dto';

import { Operators } from '../common/operators.service';
import { PostsService } from './posts.service';

class PostQueryCommand extends commandOf(PostQuery) {}
class PostCommand extends commandOf(PostBody) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}

/** Posts (job titles). */
@Controller()
export class PostsController {
  constructor(
    private readonly posts: PostsService,
    private readonly operators: Operators,
  ) {}

  @MessagePattern(A.postList)
  list(@Payload() c: PostQueryCommand) {
    return this.posts.list(c.body);
  }

  @MessagePattern(A.postOptions)
  options() {
    return this.posts.options();
  }

  @MessagePattern(A.postGet)
  get(@Payload() c: IdCommand) {
    return this.posts.get(c.body.id);
  }

  @MessagePattern(A.postCreate)
  async create(@Payload() c: PostCommand) {
    return this.posts.create(c.body, (await this.operators.of(c)).by);
  }

  @MessagePattern(A.postUpdate)
  async update(@Payload() c: PostCommand) {
    await this.posts.update(c.body, (await this.operators.of(c)).by);
    return {};
  }

  @MessagePattern(A.postRemove)
  async remove(@Payload() c: IdsCommand) {
    await this.posts.remove(c.body.ids);
    return {};
  }
}
