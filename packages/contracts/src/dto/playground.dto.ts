import { Type } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';

import { type Language, LANGUAGES } from '../common/language';
import { INVALID } from './admin/fields';
import { EntityId, OneOf } from './decorators';
import { MissionInputsBody } from './mission.dto';

// Requests of the playground (issue 13): one agent run on free inputs, outside any mission.

/** POST /wujie/playground/agent/run: needs content, a file or a patch (checked by the worker). */
export class PlaygroundAgentRunBody {
  @EntityId()
  agentId!: number;

  @IsObject(INVALID)
  @ValidateNested(INVALID)
  @Type(() => MissionInputsBody)
  inputs!: MissionInputsBody;
}

/** From the agent worker (a bare payload): the node context of a playground run of an agent. */
export class PlaygroundAgentContextBody extends PlaygroundAgentRunBody {
  @OneOf(LANGUAGES)
  language!: Language;
}
