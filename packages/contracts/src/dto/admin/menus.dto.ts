import { Transform } from 'class-transformer';
import { IsInt, Matches, Min, ValidateIf } from 'class-validator';

import { MENU_TYPES, STATUS_VALUES } from '../../identity/admin';
import { MaxLen, OneOf, Optional, PermissionList, Required } from '../decorators';
import {
  blankToUndefined,
  INVALID,
  OptionalInt,
  OptionalOneOf,
  OptionalText,
  RequiredText,
  toNumber,
} from './fields';

// Menus (directories, pages, buttons).

export class MenuQuery {
  @OptionalText(50)
  menuName?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalOneOf(STATUS_VALUES)
  visible?: '0' | '1';
}

export class MenuBody {
  @OptionalInt(1)
  menuId?: number;

  @Transform(toNumber)
  @IsInt(INVALID)
  @Min(0, INVALID)
  parentId: number = 0;

  @RequiredText(50)
  menuName!: string;

  @OptionalText(100)
  menuNameEn?: string;

  @Transform(toNumber)
  @Required()
  @IsInt(INVALID)
  @Min(0, INVALID)
  orderNum!: number;

  @Required()
  @OneOf(MENU_TYPES)
  menuType!: 'M' | 'C' | 'F';

  @ValidateIf((o: MenuBody) => o.menuType !== 'F')
  @RequiredText(200)
  path?: string;

  @OptionalText(255)
  component?: string;

  @OptionalText(255)
  query?: string;

  @Optional()
  @Transform(blankToUndefined)
  @Matches(/^[A-Za-z][A-Za-z0-9_-]{0,49}$/, INVALID)
  routeName?: string;

  @OptionalOneOf(['0', '1'])
  isFrame?: '0' | '1';

  @OptionalOneOf(['0', '1'])
  isCache?: '0' | '1';

  @OptionalOneOf(STATUS_VALUES)
  visible?: '0' | '1';

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @Optional()
  @Transform(blankToUndefined)
  @PermissionList()
  @MaxLen(100)
  perms?: string;

  @OptionalText(100)
  icon?: string;

  @OptionalText(500)
  remark?: string;
}
