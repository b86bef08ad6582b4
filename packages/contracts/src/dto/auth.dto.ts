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
  @Required()
  @AreaCode()
  @Transform(areaCode)
  qu!: string;

  @Required()
  @PhoneOfArea('qu')
  @Transform(trim)
  phonenumber!: string;

  @Optional()
  @OneOf(CODE_SCENES)
  scene: CodeScene = 'register';
}

export class SendEmailCodeBody {
  @Required()
  @Email()
  @Transform(trim)
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

  @Required()
  @PhoneOfArea('qu')
  @Transform(trim)
  phoneNumber!: string;

  @Required()
  @Text()
  @MaxLen(10)
  @Transform(trim)
  code!: string;

  @Optional()
  @OneOf(CODE_SCENES)
  scene: CodeScene = 'register';
}

export class VerifyEmailCodeBody {
  @Required()
  @Email()
  @Transform(trim)
  email!: string;

  @Required()
  @Text()
  @MaxLen(10)
  @Transform(trim)
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
  @Required()
  @AreaCode()
  @Transform(areaCode)
  qu!: string;

  @Required()
  @PhoneOfArea('qu')
  @Transform(trim)
  phonenumber!: string;

  @Required()
  @Text()
  @MaxLen(10)
  @Transform(trim)
  code!: string;
}

export class RegisterByEmailBody extends RegistrationExtras {
  @Required()
  @Email()
  @Transform(trim)
  email!: string;

  @Required()
  @Text()
  @MaxLen(10)
  @Transform(trim)
  code!: string;
}

export class ResetPasswordByPhoneBody extends NewPasswordFields {
  @Required()
  @AreaCode()
  @Transform(areaCode)
  qu!: string;

  @Required()
  @PhoneOfArea('qu')
  @Transform(trim)
  phonenumber!: string;

  @Required()
  @Text()
  @MaxLen(10)
  @Transform(trim)
  code!: string;
}

export class ResetPasswordByEmailBody extends NewPasswordFields {
  @Required()
  @Email()
  @Transform(trim)
  email!: string;

  @Required()
  @Text()
  @MaxLen(10)
  @Transform(trim)
  code!: string;
}

export class EmailCheckBody {
  @Required()
  @Email()
  @Transform(trim)
  email!: string;
}

export class BindPhoneBody {
  @Required()
  @AreaCode()
  @Transform(areaCode)
  qu!: string;

  @Required()
  @PhoneOfArea('qu')
  @Transform(trim)
  phonenumber!: string;

  @Required()
  @Text()
  @MaxLen(10)
  @Transform(trim)
  captcha!: string;
}
