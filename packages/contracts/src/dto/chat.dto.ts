import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, ValidateNested } from 'class-validator';

import { UPLOAD_MAX_BYTES } from '../identity/admin';
import { CHAT_CONTENT_MAX, CHAT_FILES_MAX, CHAT_PATCH_MAX, CHAT_THEME_MAX } from '../workflow/chat';
import { MISSION_FILE_NAME_MAX } from '../workflow/missions';
import { INVALID, OptionalInt, OptionalText, RequiredText, toBoolean } from './admin/fields';
import { PageQueryBody } from './admin/paging.dto';
import { EntityId, Optional } from './decorators';

// Requests of conversations with the assistant (issue 13): the history list, create, rename,
// delete, read the messages, and send one (the gateway adds the attachments' text it read).

/** GET /wujie/chat/list: the caller's conversations, newest first; `theme` contains. */
export class ConversationListQuery extends PageQueryBody {
  @OptionalText(CHAT_THEME_MAX)
  theme?: string;

  /** Administrators only (the console's "conversation history"): every user's conversations. */
  @Optional()
  @Transform(toBoolean)
  @IsBoolean(INVALID)
  all?: boolean;

  /** Administrators only, with `all`: one user's conversations. */
  @OptionalInt(1)
  ownerUserId?: number;
}

/** POST /wujie/chat. Without a theme, the first question becomes it. */
export class ConversationCreateBody {
  @OptionalText(CHAT_THEME_MAX)
  theme?: string;
}

/** PUT /wujie/chat: renames a conversation. */
export class ConversationRenameBody {
  @EntityId()
  id!: number;

  @RequiredText(CHAT_THEME_MAX)
  theme!: string;
}

/** A file attached to a message, as /wujie/chat/upload answered it. */
export class ChatFileBody {
  @RequiredText(MISSION_FILE_NAME_MAX)
  fileName!: string;

  @OptionalText(MISSION_FILE_NAME_MAX)
  originalFilename?: string;
}

/**
 * POST /wujie/chat/{id}/messages. Needs content, a file or a patch (checked by the service, with the
 * spec's wording: "Submission failed: enter some content, attach a file or give a patch").
 */
export class ChatSendBody {
  @OptionalText(CHAT_CONTENT_MAX)
  content?: string;

  @Optional()
  @IsArray(INVALID)
  @ArrayMaxSize(CHAT_FILES_MAX, {
    message: 'mission.files_max',
    context: { count: CHAT_FILES_MAX },
  })
  @ValidateNested({ each: true })
  @Type(() => ChatFileBody)
  files?: ChatFileBody[];

  @OptionalText(CHAT_PATCH_MAX)
  patch?: string;
}

/** An attachment's text, read and checked by the gateway, for the model. */
export class ChatAttachmentBody {
  @RequiredText(MISSION_FILE_NAME_MAX)
  name!: string;

  /** At most the upload limit (5 MB of text). */
  @RequiredText(UPLOAD_MAX_BYTES)
  text!: string;
}

/** What the gateway sends the workflow service for a message: the body, its conversation, the files' text. */
export class ChatSendCommandBody extends ChatSendBody {
  @EntityId()
  conversationId!: number;

  @Optional()
  @IsArray(INVALID)
  @ArrayMaxSize(CHAT_FILES_MAX, {
    message: 'mission.files_max',
    context: { count: CHAT_FILES_MAX },
  })
  @ValidateNested({ each: true })
  @Type(() => ChatAttachmentBody)
  attachments?: ChatAttachmentBody[];
}
