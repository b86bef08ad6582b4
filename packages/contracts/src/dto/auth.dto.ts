import { Transform } from 'class-transformer';
import { ValidateIf } from 'class-validator';

import { COMPANY_CODE_MAX, normalizeAreaCode } from '../common/rules';
import {
  AreaCode,
  Email,
  MaxLen,
  OneOf,
  Optional,
  PhoneOfArea,
  Required,
  SameAs,
  StrongPassword,
  Text,
} from './decorators';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const areaCode = ({ value }: { value: unknown }) =>
  value === undefined || value === null || value === '' ? undefined : normalizeAreaCode(value);

export const CODE_SCENES = ['register', 'reset', 'bind'] as const;
export type CodeScene = (typeof CODE_SCENES)[number];

/** Decorators applied as if stacked above a property in this order: the last applies first. */
const stacked =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, property) => {
    for (const decorator of [...decorators].reverse()) decorator(target, property);
  };

// The fields the sign-up, reset, verify and bind bodies share, each with the same rules and messages.
const EmailAddress = () => stacked(Required(), Email(), Transform(trim));
/** The area code a `phonenumber` beside it is read against. */
const AreaCodeOfPhone = () => stacked(Required(), AreaCode(), Transform(areaCode));
const PhoneNumber = () => stacked(Required(), PhoneOfArea('qu'), Transform(trim));
/** A code sent by SMS or e-mail. */
const SentCode = () => stacked(Required(), Text(), MaxLen(10), Transform(trim));

/** POST /login: by user name or phone number (`username`) or by `email`, plus password and captcha. */
export class LoginBody {
  @ValidateIf((o: LoginBody) => !o.email)
  @Required()
  @Text()
  @MaxLen(50)
  @Transform(trim)
  username?: string;

  @Optional()
  @Email()
  @Transform(trim)
  email?: string;

  @Required()
  @Text()
  @MaxLen(128)
  password!: string;

  @Optional()
  @Text()
  @MaxLen(10)
  code?: string;

  @Optional()
  @Text()
  @MaxLen(64)
  uuid?: string;
}

export class SendSmsCodeBody {
  @AreaCodeOfPhone()
  qu!: string;

  @PhoneNumber()
  phonenumber!: string;

  @Optional()
  @OneOf(CODE_SCENES)
  scene: CodeScene = 'register';
}

export class SendEmailCodeBody {
  @EmailAddress()
  email!: string;

  @Optional()
  @OneOf(CODE_SCENES)
  scene: CodeScene = 'register';
}

export class VerifySmsCodeBody {
  @Optional()
  @AreaCode()
  @Transform(areaCode)
  qu?: string;

  @PhoneNumber()
  phoneNumber!: string;

  @SentCode()
  code!: string;

  @Optional()
  @OneOf(CODE_SCENES)
  scene: CodeScene = 'register';
}

export class VerifyEmailCodeBody {
  @EmailAddress()
  email!: string;

  @SentCode()
  code!: string;

  @Optional()
  @OneOf(CODE_SCENES)
  scene: CodeScene = 'register';
}

class NewPasswordFields {
  @Required()
  @Text()
  @StrongPassword()
  password!: string;

  @Optional()
  @SameAs('password')
  confirmPassword?: string;
}

class RegistrationExtras extends NewPasswordFields {
  @Optional()
  @Text()
  @MaxLen(COMPANY_CODE_MAX)
  @Transform(trim)
  companyCode?: string;

  @Optional()
  @Text()
  @MaxLen(32)
  @Transform(trim)
  inviteCode?: string;
}

export class RegisterByPhoneBody extends RegistrationExtras {
  @AreaCodeOfPhone()
  qu!: string;

  @PhoneNumber()
  phonenumber!: string;

  @SentCode()
  code!: string;
}

export class RegisterByEmailBody extends RegistrationExtras {
  @EmailAddress()
  email!: string;

  @SentCode()
  code!: string;
}

export class ResetPasswordByPhoneBody extends NewPasswordFields {
  @AreaCodeOfPhone()
  qu!: string;

  @PhoneNumber()
  phonenumber!: string;

  @SentCode()
  code!: string;
}

export class ResetPasswordByEmailBody extends NewPasswordFields {
  @EmailAddress()
  email!: string;

  @SentCode()
  code!: string;
}

export class EmailCheckBody {
  @EmailAddress()
  email!: string;
}

export class BindPhoneBody {
  @AreaCodeOfPhone()
  qu!: string;

  @PhoneNumber()
  phonenumber!: string;

  @SentCode()
  captcha!: string;
}

/** POST /wujie/user/bindEmail: binds or changes the caller's e-mail with a code sent to the new address. */
export class BindEmailBody {
  @EmailAddress()
  email!: string;

  @SentCode()
  captcha!: string;
}

/** POST /wujie/user/gogetservicestatus: a user asks for service, optionally saying what about. */
export class ServiceRequestBody {
  @Optional()
  @Text()
  @MaxLen(1000)
  @Transform(trim)
  content?: string;
}

/** POST /wujie/user/sendtoadmin: a user's message to the administrators. */
export class SendToAdminBody {
  @Required()
  @Text()
  @MaxLen(1000)
  @Transform(trim)
  content!: string;
}
