import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';

import { type Language, LANGUAGES } from '../common/language';

/** Who is asking: filled in by the gateway from the HTTP request, never from the client's body. */
export class ClientContext {
  @IsString()
  @MaxLength(64)
  ip!: string;

  @IsString()
  @MaxLength(512)
  userAgent!: string;

  @IsIn([...LANGUAGES])
  lang!: Language;

  /**
   * The browser's device id (header X-Device-Id: a random id the web app keeps in local storage),
   * when it sent a well-formed one; billing flags many sign-ups from one device.
   */
  @IsOptional()
  @IsString()
  @MaxLength(128)
  deviceId?: string;
}

/** The signed-in caller of a command (from the session), for commands that need one. */
export class Caller {
  @IsInt()
  userId!: number;

  @IsString()
  tokenId!: string;

  @IsOptional()
  @IsInt()
  companyId?: number | null;

  /** The session's user name (billing: the operator its manual points changes are recorded under). */
  @IsOptional()
  @IsString()
  userName?: string;

  /** The session's administrator flag (role admin or user 1): services scope records by it. */
  @IsOptional()
  @IsBoolean()
  admin?: boolean;

  /**
   * The session's permissions, for a service whose records are scoped by a permission rather than
   * by the administrator flag (billing: every user's orders to holders of wujie:recharge:verify).
   */
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  permissions?: string[];
}

/** A command body together with the gateway's context: `{ body, client, caller? }`. */
export function commandOf<T>(bodyType: new () => T) {
  class Command {
    @ValidateNested()
    @Type(() => bodyType)
    body!: T;

    @ValidateNested()
    @Type(() => ClientContext)
    client!: ClientContext;

    @IsOptional()
    @ValidateNested()
    @Type(() => Caller)
    caller?: Caller;

    /** Kept through validation for a handler that stores it with its work (CommandPayload). */
    @IsOptional()
    @IsString()
    @MaxLength(255)
    idempotencyKey?: string;
  }
  return Command;
}

export interface CommandPayload<T> {
  body: T;
  client: ClientContext;
  caller?: Caller;
  /**
   * The request's `Idempotency-Key` (issue 19): the service answers a repeat of this command with the
   * same caller and key from its stored answer instead of running it again (nest-common).
   */
  idempotencyKey?: string;
}
