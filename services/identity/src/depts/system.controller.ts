import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import {
  commandOf,
  CompanyBody,
  CompanyQuery,
  ConfigBody,
  ConfigKeyBody,
  ConfigQuery,
  DeptBody,
  DeptQuery,
  IdBody,
  IdsBody,
  NoticeBody,
  NoticeQuery,
  PageQueryBody,
  PostBody,
  PostQuery,
  RichTextBody,
  RichTextQuery,
} from '@platform/contracts/dto';

import { Operators } from '../common/operators.service';
import { callerOf } from '../common/sql';
import { CompaniesAdminService } from '../companies/companies-admin.service';
import { NoticesService } from '../notices/notices.service';
import { ConfigsService } from '../params/configs.service';
import { PostsService } from '../posts/posts.service';
import { RichTextService } from '../richtext/rich-text.service';
import { DeptsService } from './depts.service';

class DeptQueryCommand extends commandOf(DeptQuery) {}
class DeptCommand extends commandOf(DeptBody) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}
class PostQueryCommand extends commandOf(PostQuery) {}
class PostCommand extends commandOf(PostBody) {}
class ConfigQueryCommand extends commandOf(ConfigQuery) {}
class ConfigCommand extends commandOf(ConfigBody) {}
class ConfigKeyCommand extends commandOf(ConfigKeyBody) {}
class NoticeQueryCommand extends commandOf(NoticeQuery) {}
class NoticeCommand extends commandOf(NoticeBody) {}
class PageCommand extends commandOf(PageQueryBody) {}
class RichTextQueryCommand extends commandOf(RichTextQuery) {}
class RichTextCommand extends commandOf(RichTextBody) {}
class CompanyQueryCommand extends commandOf(CompanyQuery) {}
class CompanyCommand extends commandOf(CompanyBody) {}

/** Departments, posts, parameters, notices, rich text and companies. */
@Controller()
export class SystemController {
  constructor(
    private readonly depts: DeptsService,
    private readonly posts: PostsService,
    private readonly configs: ConfigsService,
    private readonly notices: NoticesService,
    private readonly richText: RichTextService,
    private readonly companies: CompaniesAdminService,
    private readonly operators: Operators,
  ) {}

  @MessagePattern(A.deptList)
  deptList(@Payload() c: DeptQueryCommand) {
    return this.depts.list(c.body, callerOf(c));
  }

  @MessagePattern(A.deptListExclude)
  deptListExclude(@Payload() c: IdCommand) {
    return this.depts.list({}, callerOf(c), c.body.id);
  }

  @MessagePattern(A.deptGet)
  deptGet(@Payload() c: IdCommand) {
    return this.depts.get(c.body.id, callerOf(c));
  }

  @MessagePattern(A.deptCreate)
  async deptCreate(@Payload() c: DeptCommand) {
    const { caller, by } = await this.operators.of(c);
    return this.depts.create(c.body, caller, by);
  }

  @MessagePattern(A.deptUpdate)
  async deptUpdate(@Payload() c: DeptCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.depts.update(c.body, caller, by);
    return {};
  }

  @MessagePattern(A.deptRemove)
  async deptRemove(@Payload() c: IdCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.depts.remove(c.body.id, caller, by);
    return {};
  }

  @MessagePattern(A.postList)
  postList(@Payload() c: PostQueryCommand) {
    return this.posts.list(c.body);
  }

  @MessagePattern(A.postOptions)
  postOptions() {
    return this.posts.options();
  }

  @MessagePattern(A.postGet)
  postGet(@Payload() c: IdCommand) {
    return this.posts.get(c.body.id);
  }

  @MessagePattern(A.postCreate)
  async postCreate(@Payload() c: PostCommand) {
    return this.posts.create(c.body, (await this.operators.of(c)).by);
  }

  @MessagePattern(A.postUpdate)
  async postUpdate(@Payload() c: PostCommand) {
    await this.posts.update(c.body, (await this.operators.of(c)).by);
    return {};
  }

  @MessagePattern(A.postRemove)
  async postRemove(@Payload() c: IdsCommand) {
    await this.posts.remove(c.body.ids);
    return {};
  }

  @MessagePattern(A.configList)
  configList(@Payload() c: ConfigQueryCommand) {
    return this.configs.list(c.body);
  }

  @MessagePattern(A.configGet)
  configGet(@Payload() c: IdCommand) {
    return this.configs.get(c.body.id);
  }

  @MessagePattern(A.configByKey)
  configByKey(@Payload() c: ConfigKeyCommand) {
    return this.configs.valueOf(c.body.configKey);
  }

  @MessagePattern(A.configCreate)
  async configCreate(@Payload() c: ConfigCommand) {
    return this.configs.create(c.body, (await this.operators.of(c)).by);
  }

  @MessagePattern(A.configUpdate)
  async configUpdate(@Payload() c: ConfigCommand) {
    await this.configs.update(c.body, (await this.operators.of(c)).by);
    return {};
  }

  @MessagePattern(A.configRemove)
  async configRemove(@Payload() c: IdsCommand) {
    await this.configs.remove(c.body.ids);
    return {};
  }

  @MessagePattern(A.configRefreshCache)
  configRefresh() {
    return this.configs.refreshCache();
  }

  @MessagePattern(A.noticeList)
  noticeList(@Payload() c: NoticeQueryCommand) {
    return this.notices.list(c.body);
  }

  @MessagePattern(A.noticeGet)
  noticeGet(@Payload() c: IdCommand) {
    return this.notices.get(c.body.id);
  }

  @MessagePattern(A.noticeCreate)
  async noticeCreate(@Payload() c: NoticeCommand) {
    return this.notices.create(c.body, (await this.operators.of(c)).by);
  }

  @MessagePattern(A.noticeUpdate)
  async noticeUpdate(@Payload() c: NoticeCommand) {
    await this.notices.update(c.body, (await this.operators.of(c)).by);
    return {};
  }

  @MessagePattern(A.noticeRemove)
  async noticeRemove(@Payload() c: IdsCommand) {
    await this.notices.remove(c.body.ids);
    return {};
  }

  @MessagePattern(A.noticeMine)
  noticeMine(@Payload() c: PageCommand) {
    return this.notices.mine(c.body, callerOf(c));
  }

  @MessagePattern(A.noticeRead)
  noticeRead(@Payload() c: IdCommand) {
    return this.notices.read(c.body.id, callerOf(c));
  }

  @MessagePattern(A.richTextList)
  richTextList(@Payload() c: RichTextQueryCommand) {
    return this.richText.list(c.body);
  }

  @MessagePattern(A.richTextGet)
  richTextGet(@Payload() c: IdCommand) {
    return this.richText.get(c.body.id);
  }

  @MessagePattern(A.richTextCreate)
  async richTextCreate(@Payload() c: RichTextCommand) {
    return this.richText.create(c.body, (await this.operators.of(c)).by);
  }

  @MessagePattern(A.richTextUpdate)
  async richTextUpdate(@Payload() c: RichTextCommand) {
    await this.richText.update(c.body, (await this.operators.of(c)).by);
    return {};
  }

  @MessagePattern(A.richTextRemove)
  async richTextRemove(@Payload() c: IdsCommand) {
    await this.richText.remove(c.body.ids);
    return {};
  }

  @MessagePattern(A.companyList)
  companyList(@Payload() c: CompanyQueryCommand) {
    return this.companies.list(c.body, callerOf(c));
  }

  @MessagePattern(A.companyGet)
  companyGet(@Payload() c: IdCommand) {
    return this.companies.get(c.body.id, callerOf(c));
  }

  @MessagePattern(A.companyCreate)
  async companyCreate(@Payload() c: CompanyCommand) {
    const { caller, by } = await this.operators.of(c);
    return this.companies.create(c.body, caller, by);
  }

  @MessagePattern(A.companyUpdate)
  async companyUpdate(@Payload() c: CompanyCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.companies.update(c.body, caller, by);
    return {};
  }

  @MessagePattern(A.companyRemove)
  async companyRemove(@Payload() c: IdsCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.companies.remove(c.body.ids, caller, by);
    return {};
  }
}
