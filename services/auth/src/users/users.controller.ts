import { Body, Controller, Get, HttpCode, Post, Put, Req, UseFilters } from '@nestjs/common';
import {
  changePasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  type AuthResponse,
  type ChangePasswordBody,
  type ChangePasswordResponse,
  type LoginBody,
  type ProfileBody,
  type RegisterBody,
  type User as UserView,
} from '@mcat/contracts';
import {
  CurrentUser,
  Public,
  TooManyAttemptsFilter,
  ZodValidationPipe,
  type TokenClaims,
} from '@mcat/service-kit';
import type { FastifyRequest } from 'fastify';
import { clientIp } from '../rate-limit/client-ip';
import { UsersService } from './users.service';

@Controller('api/auth')
@UseFilters(TooManyAttemptsFilter)
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Public()
  @Post('register')
  register(
    @Body(new ZodValidationPipe(registerSchema)) body: RegisterBody,
    @Req() request: FastifyRequest,
  ): Promise<AuthResponse> {
    return this.users.register(body, clientIp(request));
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  login(
    @Body(new ZodValidationPipe(loginSchema)) body: LoginBody,
    @Req() request: FastifyRequest,
  ): Promise<AuthResponse> {
    return this.users.login(body, clientIp(request));
  }

  @Get('me')
  me(@CurrentUser() caller: TokenClaims): Promise<UserView> {
    return this.users.me(caller.sub);
  }

  @Put('me')
  updateProfile(
    @CurrentUser() caller: TokenClaims,
    @Body(new ZodValidationPipe(profileSchema)) body: ProfileBody,
  ): Promise<UserView> {
    return this.users.updateProfile(caller.sub, body);
  }

  @Put('password')
  changePassword(
    @CurrentUser() caller: TokenClaims,
    @Body(new ZodValidationPipe(changePasswordSchema)) body: ChangePasswordBody,
  ): Promise<ChangePasswordResponse> {
    return this.users.changePassword(caller.sub, body);
  }
}
