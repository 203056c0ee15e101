// The user service of spec 000 §3 and §7 (base /api/user): login, the personal center, departments, people,
// roles, the lookup lists and the home page's counts. Field names are the spec's.
import { z } from 'zod';
import { id, ids, optionalText, PAGE_QUERY, requiredText, text } from './input.js';
import { ACCOUNT_MESSAGE, ACCOUNT_PATTERN, PersonKindInput, PersonKindSchema } from './people.js';

export const RoleSchema = z
  .object({
    roleId: z.string(),
    roleName: z.string(),
  })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof RoleSchema>;

/** A department whose head is the user (chargeUserId equals the user). */
export const ChargeDepartmentSchema = z
  .object({
    departmentId: z.string(),
    departmentName: z.string(),
    chargeUserId: z.string(),
    chargeUserName: z.string(),
  })
  .meta({ id: 'ChargeDepartment' });
export type ChargeDepartment = z.infer<typeof ChargeDepartmentSchema>;

/** A row of the newer department-head list (GET departments/newCharger). */
export const NewChargeDepartmentSchema = z
  .object({
    bmid: z.string(),
    bmmc: z.string().describe('department name'),
    fzrid: z.string().describe("head's user id"),
    fzrmc: z.string().describe("head's name"),
  })
  .meta({ id: 'NewChargeDepartment' });
export type NewChargeDepartment = z.infer<typeof NewChargeDepartmentSchema>;

/** One entry of the login user's menu tree; leaves carry the page name the route builder maps. */
export interface MenuNode {
  key: string;
  name: string;
  path: string;
  component: string | null;
  /** an outside address the entry opens inside the shell (an iframe); null when it has none */
  externalUrl?: string | null;
  /** true: the person's roles grant the entry to read only (its pages offer no create or change) */
  readOnly?: boolean;
  children: MenuNode[];
}
// Recursive: the interface above names the type, the getter lets zod refer to itself.
export const MenuNodeSchema: z.ZodType<MenuNode> = z
  .object({
    key: z.string(),
    name: z.string(),
    path: z.string(),
    component: z.string().nullable(),
    externalUrl: z.string().nullable().optional().describe('an outside http(s) address opened inside the shell in an iframe'),
    readOnly: z.boolean().optional().describe("true: the person's roles grant the entry to read only (role_menu.can_write false); its pages offer no create or change"),
    get children() {
      return z.array(MenuNodeSchema);
    },
  })
  .meta({ id: 'MenuNode', description: "One entry of the login user's menu tree; leaves carry the page name the route builder maps" });

/** Top-level menu groups by key (ly_herm_homePage, ly_herm_qualityManagement, …). */
export type MenuMap = Record<string, MenuNode>;

/** GET menus/addresses: the menu entries that may open an outside address, with the address set (administrator). */
export const MenuAddressSchema = z
  .object({
    key: z.string(),
    name: z.string(),
    path: z.string(),
    externalUrl: z.string().nullable().describe('null: the entry shows its own page (功能建设中 until built)'),
  })
  .meta({ id: 'MenuAddress' });
export type MenuAddress = z.infer<typeof MenuAddressSchema>;

/** POST menus/address: sets (an http(s) URL) or clears (null or '') a menu entry's outside address. */
export const MenuAddressUpdateSchema = z
  .object({ key: id('缺少菜单', 80), externalUrl: text(2000).nullable().optional().describe("an http(s) URL; null or '' clears it") })
  .meta({ id: 'MenuAddressUpdate' });
export type MenuAddressUpdate = z.infer<typeof MenuAddressUpdateSchema>;

/** 1 male, 2 female. */
export const SexSchema = z.union([z.literal(1), z.literal(2)]).describe('1 male, 2 female');
export type Sex = z.infer<typeof SexSchema>;

/** Everything the browser keeps of the person after login (spec 000 §3). */
export const LoginUserSchema = z
  .object({
    userId: z.string(),
    userName: z.string().describe('display name, e.g. 李红'),
    account: z.string().describe('login name'),
    orgId: z.string().nullable(),
    orgName: z.string().nullable(),
    qq: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    sex: SexSchema,
    displayPhoto: z.string().nullable().describe("avatar URL; null means the default image for the person's sex"),
    lastAccessTime: z.string().nullable().describe('yyyy-MM-dd HH:mm:ss'),
    menus: z.record(z.string(), MenuNodeSchema).describe('top-level menu groups by key (ly_herm_homePage, …)'),
    roles: z.array(RoleSchema),
    roleIdList: z.array(z.string()),
    chargeDeparmentList: z.array(ChargeDepartmentSchema),
    chargeDeparmentIdList: z.array(z.string()),
    newChargeDeparmentList: z.array(NewChargeDepartmentSchema),
    newChargeDeparmentIdList: z.array(z.string()),
    mustChangePassword: z.boolean().describe('true: the person still has an initial password (a people import); every call but the password change, the login user and logout is refused until they change it'),
  })
  .meta({ id: 'LoginUser' });
export type LoginUser = z.infer<typeof LoginUserSchema>;

/** POST login's answer: the login user, and what its owner is told once, at this login (issue 31). */
export const LoginAnswerSchema = LoginUserSchema.extend({
  failedLoginCount: z
    .number()
    .int()
    .min(0)
    .describe('failed password attempts on this account since its previous login; the page says 自上次登录以来，您的账号有 N 次登录失败 when above 0'),
}).meta({ id: 'LoginAnswer' });
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

/** POST login */
export const LoginRequestSchema = z
  .object({
    userName: z.string(),
    password: z.string(),
    remember: z.boolean().optional().describe('keep the session cookie for 30 days'),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/**
 * How the server reads POST login (JSON or form): the spec's texts; a name or password too long is a failed login,
 * said as one. remember is true for true, 'true', '1' and 1.
 */
export const LoginInputSchema = z
  .object({
    userName: text(60, { missing: '请输入用户名！', wrongType: '请输入用户名！', tooLong: '用户名或密码错误' }).min(1, { error: '请输入用户名！' }),
    password: text(200, { missing: '请输入密码！', wrongType: '请输入密码！', tooLong: '用户名或密码错误', multiline: true }).min(1, { error: '请输入密码！' }),
    remember: z.preprocess((value) => value === true || value === 'true' || value === '1' || value === 1, z.boolean()).optional(),
  })
  .meta({ id: 'LoginInput' });

/** GET users/relationInfo */
/** Whose roles and department: a person's id, yourself when absent. */
export const RelationInfoQuerySchema = z.object({ userId: optionalText(64) }).meta({ id: 'RelationInfoQuery' });

export const RelationInfoSchema = z
  .object({
    userId: z.string(),
    userName: z.string(),
    orgId: z.string().nullable(),
    orgName: z.string().nullable(),
    roles: z.array(RoleSchema),
    roleIdList: z.array(z.string()),
  })
  .meta({ id: 'RelationInfo' });
export type RelationInfo = z.infer<typeof RelationInfoSchema>;

/** GET uis/users/{id}/user: what the personal center shows. */
export const ProfileSchema = z
  .object({
    userId: z.string(),
    userName: z.string(),
    departmentName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    qq: z.string().nullable(),
    sex: SexSchema,
    headPortrait: z.string().nullable(),
    isUseDefaultAvatar: z.boolean(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;

/** POST personalInfo/update: the form's values (sex '1' or '2'); each is trimmed and format-checked. */
export const ProfileUpdateSchema = z
  .object({
    email: z.string(),
    phone: z.string(),
    qq: z.string(),
    sex: z.string().describe("'1' male, '2' female"),
  })
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** 000 §9's avatar limit: a picture of at most 30720 bytes (30KB); the browser compresses a larger one first. */
export const AVATAR_MAX_BYTES = 30_720;
export const AVATAR_TOO_LARGE = `头像不能超过${AVATAR_MAX_BYTES / 1024}KB`;

/** POST portraitChange: either a new picture as a data URL, or back to the default image. */
export const PortraitChangeSchema = z
  .union([z.object({ displayPhoto: z.string().describe('data:image/...;base64,...') }), z.object({ isUseDefaultAvatar: z.literal(true) })])
  .meta({ id: 'PortraitChange' });
export type PortraitChange = z.infer<typeof PortraitChangeSchema>;

/** How the server reads personalInfo/update: the formats and their messages are profile-rules.ts'. */
export const ProfileInputSchema = z
  .object({
    email: text(100, { wrongType: '邮箱格式不正确！', tooLong: '邮箱格式不正确！' }).nullable().optional(),
    phone: text(30, { wrongType: '联系电话格式不正确！', tooLong: '联系电话格式不正确！' }).nullable().optional(),
    qq: text(20, { wrongType: 'QQ格式不正确！', tooLong: 'QQ格式不正确！' }).nullable().optional(),
    sex: z
      .preprocess((value) => (value === '' || value == null ? undefined : Number(value)), z.union([z.literal(1), z.literal(2)], { error: '性别只能是男或女' }).optional())
      .describe('1 male, 2 female'),
  })
  .meta({ id: 'ProfileInput' });

/** How the server reads portraitChange: a picture (data URL, at most 200 KB) or isUseDefaultAvatar true. */
export const PortraitInputSchema = z
  .object({
    displayPhoto: text(Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 100, { tooLong: AVATAR_TOO_LARGE }).optional().describe('data:image/...;base64,... (gif, jpg, jpeg, png, bmp, webp)'),
    isUseDefaultAvatar: z.preprocess((value) => value === true || value === 'true', z.boolean()).optional(),
  })
  .meta({ id: 'PortraitInput' });

/** The answer of portraitChange: the new avatar URL, null for the default image. */
export const PortraitResultSchema = z.object({ displayPhoto: z.string().nullable() }).meta({ id: 'PortraitResult' });
export type PortraitResult = z.infer<typeof PortraitResultSchema>;

/** POST password/update */
export const PasswordChangeSchema = z
  .object({
    oldPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string().optional().describe('checked when sent'),
  })
  .meta({ id: 'PasswordChange' });
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

/** How the server reads password/update: the rules and their messages are password-rules.ts'; here the shape. */
export const PasswordChangeInputSchema = z
  .object({
    oldPassword: text(200, { wrongType: '请输入旧密码！', tooLong: '修改密码失败!', multiline: true }).optional(),
    newPassword: text(200, { wrongType: '请输入新密码！', tooLong: '密码过长', multiline: true }).optional(),
    confirmPassword: text(200, { wrongType: '请输入确认新密码！', multiline: true }).optional().describe('checked when sent'),
  })
  .meta({ id: 'PasswordChangeInput' });

export const UserTypeSchema = z
  .object({
    userTypeId: z.string(),
    userTypeName: z.string(),
  })
  .meta({ id: 'UserType' });
export type UserType = z.infer<typeof UserTypeSchema>;

/** GET todoCounts: what waits for the person. */
export const TodoCountsSchema = z
  .object({
    tasks: z.number().int(),
    warnings: z.number().int(),
    audits: z.number().int(),
  })
  .meta({ id: 'TodoCounts' });
export type TodoCounts = z.infer<typeof TodoCountsSchema>;

/** GET warningCount: the sums (001 §7 item 14) and, per task id, the number of warnings by kind. */
export const WarningCountSchema = z
  .object({
    totalWarningCount: z.number().int().describe('process plus overdue warnings'),
    processWarningCount: z.number().int().describe('过程预警: sum of processMap'),
    expiredWarningCount: z.number().int().describe('逾期预警: sum of delayMap'),
    delayMap: z.record(z.string(), z.number().int()).describe('overdue warnings by task id'),
    processMap: z.record(z.string(), z.number().int()).describe('process warnings by task id'),
  })
  .meta({ id: 'WarningCount' });
export type WarningCount = z.infer<typeof WarningCountSchema>;

// ---------------------------------------------------------------------------------------------
// departments

/** A row of GET departments. */
export const DepartmentSchema = z
  .object({
    departmentId: z.string(),
    departmentName: z.string(),
    parentId: z.string().nullable(),
    chargeUserId: z.string().nullable(),
    chargeUserName: z.string().nullable(),
  })
  .meta({ id: 'Department' });
export type Department = z.infer<typeof DepartmentSchema>;

/** A node of GET departments/tree; sub-departments under `childrens` (spec 000 §3). */
export interface DepartmentNode extends Department {
  childrens: DepartmentNode[];
}
export const DepartmentNodeSchema: z.ZodType<DepartmentNode> = DepartmentSchema.extend({
  get childrens() {
    return z.array(DepartmentNodeSchema);
  },
}).meta({ id: 'DepartmentNode', description: 'A node of the department tree; sub-departments under childrens' });

/** A short-name record of GET departments/shortNames. */
export const DepartmentShortNameSchema = z
  .object({
    departId: z.string(),
    shortNameChinese: z.string().nullable(),
    shortNameEnglish: z.string().nullable(),
    chargeUserId: z.string().nullable(),
    chargeUserName: z.string().nullable(),
  })
  .meta({ id: 'DepartmentShortName' });
export type DepartmentShortName = z.infer<typeof DepartmentShortNameSchema>;

/** The body of departments/add; update adds departmentId. Empty optional fields go as null. */
export const DepartmentInputSchema = z
  .object({
    departmentName: requiredText(100, { missing: '请输入部门名称' }),
    parentId: optionalText(64),
    chargeUserId: optionalText(64),
    shortNameChinese: optionalText(60),
    shortNameEnglish: optionalText(60),
  })
  .meta({ id: 'DepartmentInput' });
export type DepartmentInput = z.infer<typeof DepartmentInputSchema>;

/** departments/update */
export const DepartmentUpdateSchema = DepartmentInputSchema.extend({ departmentId: id('缺少部门') }).meta({ id: 'DepartmentUpdate' });

/** departments/delete */
export const DepartmentRefSchema = z.object({ departmentId: id('缺少部门') }).meta({ id: 'DepartmentRef' });

/** The answer of departments/add. */
export const DepartmentIdSchema = z.object({ departmentId: z.string() }).meta({ id: 'DepartmentId' });
export type DepartmentId = z.infer<typeof DepartmentIdSchema>;

// ---------------------------------------------------------------------------------------------
// people and roles

/** A row of GET users/common. */
export const UserRecordSchema = z
  .object({
    userId: z.string(),
    userName: z.string(),
    account: z.string().describe('login name'),
    orgId: z.string().nullable(),
    orgName: z.string().nullable(),
    userTypeId: z.string().nullable(),
    sex: SexSchema,
    enabled: z.boolean(),
    personKind: PersonKindSchema,
    roles: z.array(RoleSchema).describe("the person's roles (read for the page's people only)"),
  })
  .meta({ id: 'UserRecord' });
export type UserRecord = z.infer<typeof UserRecordSchema>;

/** The fields of users/add and users/update. */
export const UserInputSchema = z
  .object({
    account: requiredText(60, { missing: '请输入账号' }).regex(ACCOUNT_PATTERN, { error: ACCOUNT_MESSAGE }),
    userName: requiredText(60, { missing: '请输入姓名' }),
    orgId: optionalText(64),
    userTypeId: optionalText(64),
    sex: z.union([z.literal(1), z.literal(2)], { error: '性别只能是男或女' }).default(1).describe('1 male, 2 female; 1 when absent'),
    ...PersonKindInput,
  })
  .meta({ id: 'UserInput' });
export type UserInput = z.infer<typeof UserInputSchema>;

/** users/add: with the initial password (letters and digits, at least 8; a random one when absent). */
export const NewUserSchema = UserInputSchema.extend({
  password: text(200).optional(),
}).meta({ id: 'NewUser' });
export type NewUser = z.infer<typeof NewUserSchema>;

/** users/update */
export const UserUpdateSchema = UserInputSchema.extend({
  userId: id('缺少用户'),
  enabled: z.boolean().default(true),
}).meta({ id: 'UserUpdate' });
export type UserUpdate = z.infer<typeof UserUpdateSchema>;

/** users/delete */
export const UserRefSchema = z.object({ userId: id('缺少用户') }).meta({ id: 'UserRef' });

/** roles/{id}/users/add and remove */
export const RoleUsersInputSchema = z.object({ userIds: ids(1000, '请选择用户') }).meta({ id: 'RoleUsersInput' });

/** The paging query of the lookup lists. */
export const PageQuerySchema = z.object(PAGE_QUERY).meta({ id: 'PageQuery' });

/** GET users/common: people by name or account, or by department. */
export const UserQuerySchema = z
  .object({ ...PAGE_QUERY, userName: text(60).optional(), orgId: text(64).optional(), ...PersonKindInput })
  .meta({ id: 'UserQuery' });

/** GET users/export (用户管理's 导出Excel): users/common's filters without paging; every person they keep. */
export const UserExportQuerySchema = UserQuerySchema.omit({ pageNum: true, pageSize: true }).meta({ id: 'UserExportQuery' });

/** GET cycleValues: by type name (年度) or id. */
export const CycleValueQuerySchema = z
  .object({ typeName: text(60).optional().describe('cycle type name, e.g. 年度'), cycleTypeId: text(64).optional() })
  .meta({ id: 'CycleValueQuery' });

/** GET warningCount: personal (owned or coop-owned), or by departments (comma-joined ids), or all the person sees. */
export const WarningCountQuerySchema = z
  .object({ queryType: z.enum(['personal']).optional(), departmentCondition: text(4000).optional().describe('comma-joined department ids') })
  .meta({ id: 'WarningCountQuery' });

/** The answer of users/add. */
export const UserIdSchema = z.object({ userId: z.string() }).meta({ id: 'UserId' });
export type UserId = z.infer<typeof UserIdSchema>;

/** A person of GET roles/{id}/users. */
export const RoleUserSchema = z
  .object({
    userId: z.string(),
    userName: z.string(),
    account: z.string(),
  })
  .meta({ id: 'RoleUser' });
export type RoleUser = z.infer<typeof RoleUserSchema>;

/** The answer of the CAS single-logout POST (user/cas/callback): whether a session ended. */
/** CAS single logout's form (a SAML LogoutRequest as text); a CAS server's LogoutRequest is a few hundred bytes. */
export const SingleLogoutInputSchema = z.object({ logoutRequest: text(20_000, { multiline: true }).optional() }).meta({ id: 'SingleLogoutInput' });
export type SingleLogoutInput = z.infer<typeof SingleLogoutInputSchema>;

export const SingleLogoutResultSchema = z.object({ ended: z.boolean() }).meta({ id: 'SingleLogoutResult' });
export type SingleLogoutResult = z.infer<typeof SingleLogoutResultSchema>;
