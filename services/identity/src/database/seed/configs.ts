/** System parameters the screens and rules read; amounts the spec leaves open are set here (DESIGN). */
export interface ConfigSeed {
  key: string;
  value: string;
  zh: string;
  en: string;
  builtIn?: boolean;
}

export const CONFIG_SEED: ConfigSeed[] = [
  {
    key: 'sys.account.captchaEnabled',
    value: 'true',
    zh: '账号自助-验证码开关',
    en: 'Sign-in CAPTCHA enabled',
    builtIn: true,
  },
  {
    key: 'sys.account.registerUser',
    value: 'true',
    zh: '账号自助-是否开启用户注册功能',
    en: 'Self registration enabled',
    builtIn: true,
  },
  {
    key: 'sys.account.maxRetryCount',
    value: '5',
    zh: '账号自助-密码错误锁定次数',
    en: 'Wrong passwords before lock',
    builtIn: true,
  },
  {
    key: 'sys.account.lockTime',
    value: '10',
    zh: '账号自助-锁定时长（分钟）',
    en: 'Account lock duration (minutes)',
    builtIn: true,
  },
  {
    key: 'sys.login.blackIPList',
    value: '',
    zh: '用户登录-黑名单列表',
    en: 'Sign-in IP block list',
    builtIn: true,
  },
  {
    key: 'sys.index.skinName',
    value: 'skin-blue',
    zh: '主框架页-默认皮肤样式名称',
    en: 'Default skin',
    builtIn: true,
  },
  {
    key: 'sys.index.sideTheme',
    value: 'theme-dark',
    zh: '主框架页-侧边栏主题',
    en: 'Sidebar theme',
    builtIn: true,
  },
  {
    key: 'points.register.free',
    value: '100',
    zh: '注册赠送积分',
    en: 'Free points on registration',
    builtIn: true,
  },
  {
    key: 'points.bindPhone.reward',
    value: '50',
    zh: '绑定手机奖励积分',
    en: 'Phone-binding reward points',
    builtIn: true,
  },
  {
    key: 'points.realName.reward',
    value: '100',
    zh: '实名认证奖励积分',
    en: 'Real-name authentication reward points',
    builtIn: true,
  },
  {
    key: 'points.invite.register',
    value: '50',
    zh: '邀请注册奖励积分',
    en: 'Referral reward on registration',
    builtIn: true,
  },
  {
    key: 'points.invite.realName',
    value: '100',
    zh: '邀请实名奖励积分',
    en: 'Referral reward on real-name authentication',
    builtIn: true,
  },
  {
    key: 'points.price.perYuan',
    value: '10',
    zh: '每元兑换积分',
    en: 'Points per yuan',
    builtIn: true,
  },
  {
    key: 'sys.user.bindPhoneRequired',
    value: 'true',
    zh: '中国大陆用户须绑定手机',
    en: 'Mainland users must bind a phone',
    builtIn: true,
  },
  {
    key: 'sys.maintenance.enabled',
    value: 'false',
    zh: '维护模式',
    en: 'Maintenance mode',
    builtIn: true,
  },
];
