import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PortraitInputSchema, ProfileInputSchema, PortraitResultSchema, ProfileSchema, RelationInfoQuerySchema, RelationInfoSchema, type PortraitResult, type Profile, type RelationInfo } from '@zhengai/contracts';
import type { z } from 'zod';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope, ApiFileResponse } from '../../../shared/http/api-envelope.decorator.js';
import type { Response } from 'express';
import { AppError } from '../../../shared/errors/app-error.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { SkipCsrf } from '../../../shared/http/public-route.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { AuthService } from '../application/auth.service.js';
import { ProfileService } from '../application/profile.service.js';
import { ProfileMessages } from '../domain/profile-rules.js';

/** The personal center: profile, avatar and the person's roles (spec 000 §2, §5, §7). */
@ApiTags('profile')
@Controller('user')
export class ProfileController {
  constructor(
    private readonly profiles: ProfileService,
    private readonly auth: AuthService,
  ) {}

  private async isAdmin(userId: string): Promise<boolean> {
    return (await this.auth.access(userId))?.isAdmin ?? false;
  }

  @Get('uis/users/:id/user')
  @SignedIn('person', 'read')
  @ApiOperation({ summary: 'A profile: your own, or anyone\'s for an administrator' })
  @ApiEnvelope(ProfileSchema)
  async profile(@Param('id') id: string, @CurrentUser('userId') me: string): Promise<Profile> {
    return this.profiles.profile(me, id, id !== me && (await this.isAdmin(me)));
  }

  @Get('users/relationInfo')
  @SignedIn('person', 'read')
  @ApiOperation({ summary: 'Roles and department of a person (yourself unless administrator); loadRole=true adds roles' })
  @ApiEnvelope(RelationInfoSchema)
  async relationInfo(@ZodQuery(RelationInfoQuerySchema) q: z.infer<typeof RelationInfoQuerySchema>, @CurrentUser('userId') me: string): Promise<RelationInfo> {
    const target = q.userId ?? me;
    if (target !== me && !(await this.isAdmin(me))) throw new AppError('NO_PERMISSION');
    const user = await this.auth.loginUser(target);
    return { userId: user.userId, userName: user.userName, orgId: user.orgId, orgName: user.orgName, roles: user.roles, roleIdList: user.roleIdList };
  }

  @Post('personalInfo/update')
  @SignedIn()
  @HttpCode(200)
  @ApiOperation({ summary: 'Update the own email, phone, QQ and sex (trimmed, format-checked)' })
  @ApiEnvelope(ProfileSchema)
  async update(@ZodBody(ProfileInputSchema) body: z.infer<typeof ProfileInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<Profile>> {
    return new WithMessage(await this.profiles.updateOwn(userId, body), ProfileMessages.updated);
  }

  @Post('portraitChange')
  @SignedIn()
  @HttpCode(200)
  @ApiOperation({ summary: 'Change the own avatar ({ displayPhoto: data URL }) or restore the default ({ isUseDefaultAvatar: true })' })
  @ApiEnvelope(PortraitResultSchema)
  async portrait(@ZodBody(PortraitInputSchema) body: z.infer<typeof PortraitInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<PortraitResult>> {
    return new WithMessage(await this.profiles.changeAvatar(userId, body), ProfileMessages.avatarUpdated);
  }

  /** Linked from <img src>, which carries the cookie but no csrf parameters; a read of a small image. */
  @Get('avatar/:userId')
  @SignedIn()
  @SkipCsrf()
  @ApiOperation({ summary: 'A person\'s avatar image (login needed)' })
  @ApiFileResponse('image/*')
  async avatar(@Param('userId') userId: string, @Res() res: Response): Promise<void> {
    const avatar = await this.profiles.avatar(userId);
    if (!avatar) throw new AppError('NOT_FOUND', '头像不存在');
    res.setHeader('Content-Type', avatar.mime);
    res.setHeader('Cache-Control', 'private, max-age=86400');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.end(avatar.data);
  }
}
