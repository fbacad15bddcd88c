import {
  BadRequestException,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  AUTH_MESSAGES,
  type AuthResponse,
  type ChangePasswordBody,
  type ChangePasswordResponse,
  type LoginBody,
  type ProfileBody,
  type RegisterBody,
  type User as UserView,
} from '@mcat/contracts';
import { ApiException, OutboxRelay, RateLimiter, isDuplicateKeyError } from '@mcat/service-kit';
import { Types, type Model } from 'mongoose';
import { Clock } from '../clock/clock';
import { AccountNotices } from '../mail/account-notices';
import { PasswordHasher } from '../passwords/password-hasher';
import type { RateLimitName } from '../rate-limit/rate-limit.policy';
import { SignInBackoff } from '../rate-limit/sign-in-backoff';
import { SessionTokens } from '../sessions/session-tokens';
import { reminderSettingFields } from '../review-reminders/reminder-schedule';
import { SessionVersionStore } from '../sessions/session-version-store';
import { User, type UserDocument } from './user.schema';
import { toUserView } from './user.view';
import { changeUser } from './user-changes';
import { toUserPlan, UserPlanCache, type UserPlan } from './user-plan.cache';
import { userRegistered } from './users.events';

/** Accounts: sign-up, sign-in, profile, passwords and plan. */
@Injectable()
export class UsersService {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly hasher: PasswordHasher,
    private readonly tokens: SessionTokens,
    private readonly sessionVersions: SessionVersionStore,
    private readonly rateLimiter: RateLimiter<RateLimitName>,
    private readonly signInBackoff: SignInBackoff,
    private readonly notices: AccountNotices,
    private readonly plans: UserPlanCache,
    private readonly clock: Clock,
    relay: OutboxRelay,
  ) {
    relay.register(users);
  }

  async register(body: RegisterBody, ip: string): Promise<AuthResponse> {
    await this.rateLimiter.consume({ registerPerIp: ip });
    if (await this.users.exists({ email: body.email })) {
      throw new ApiException('DUPLICATE', AUTH_MESSAGES.emailTaken);
    }
    const _id = new Types.ObjectId();
    const fields = {
      _id,
      name: body.name,
      email: body.email,
      passwordHash: await this.hasher.hash(body.password),
      plannedTestingDate: body.plannedTestingDate ?? null,
      targetScore: null,
      isPremium: false,
      roles: ['student' as const],
      sessionVersion: 0,
    };
    const user = await this.users
      .create({ ...fields, outbox: [userRegistered(fields)] })
      .catch(rethrowDuplicateEmail);
    return this.signIn(user);
  }

  async login(body: LoginBody, ip: string): Promise<AuthResponse> {
    const emailAndIp = `${body.email}|${ip}`;
    await this.rateLimiter.consume({ loginPerIp: ip, loginPerEmailAndIp: emailAndIp });
    const attempt = await this.signInBackoff.admit(body.email);
    const user = await this.users.findOne({ email: body.email });
    const valid = user
      ? await this.hasher.verify(user.passwordHash, body.password)
      : await this.hasher.verifyNobody(body.password);
    if (!user || !valid) {
      await this.signInBackoff.failed(attempt);
      throw new UnauthorizedException(AUTH_MESSAGES.invalidCredentials);
    }
    await Promise.all([
      this.rateLimiter.reset('loginPerEmailAndIp', emailAndIp),
      this.signInBackoff.succeeded(body.email),
    ]);
    return this.signIn(user);
  }

  async me(userId: string): Promise<UserView> {
    return toUserView(await this.signedInUser(userId));
  }

  async updateProfile(userId: string, body: ProfileBody): Promise<UserView> {
    const taken = await this.users.exists({ email: body.email, _id: { $ne: userId } });
    if (taken) throw new ApiException('DUPLICATE', AUTH_MESSAGES.emailTaken);
    let previousEmail = body.email;
    const user = await changeUser(this.users, userId, (current) => {
      previousEmail = current.email;
      return {
        name: body.name,
        email: body.email,
        plannedTestingDate: body.plannedTestingDate,
        targetScore: body.targetScore,
        ...(body.reviewReminders
          ? reminderSettingFields(
              body.reviewReminders,
              current.reviewReminderSentOn ?? null,
              this.clock.now(),
            )
          : {}),
      };
    }).catch(rethrowDuplicateEmail);
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.signInAgain);
    await this.plans.changed(userId);
    if (previousEmail !== user.email) {
      await this.notices.emailChanged(userId, {
        name: user.name,
        from: previousEmail,
        to: user.email,
      });
    }
    return toUserView(user);
  }

  /** Every other session ends; the caller's goes on with the fresh token answered. */
  async changePassword(userId: string, body: ChangePasswordBody): Promise<ChangePasswordResponse> {
    const user = await this.signedInUser(userId);
    if (!(await this.hasher.verify(user.passwordHash, body.currentPassword))) {
      throw new BadRequestException(AUTH_MESSAGES.currentPasswordIncorrect);
    }
    const sessionVersion = await this.replacePassword(userId, body.newPassword);
    const token = await this.tokens.issue({ sub: userId, roles: user.roles, sv: sessionVersion });
    return { message: AUTH_MESSAGES.passwordChanged, token };
  }

  /**
   * Sets a new password, ends every session issued before and mails the account a notice;
   * answers the new session version.
   */
  async replacePassword(userId: string, password: string): Promise<number> {
    const passwordHash = await this.hasher.hash(password);
    const { matchedCount } = await this.users.updateOne(
      { _id: userId },
      { $set: { passwordHash }, $inc: { sessionVersion: 1 } },
    );
    const user = matchedCount
      ? await this.users.findById(userId, { sessionVersion: 1, name: 1, email: 1 })
      : null;
    if (!user) throw new NotFoundException(AUTH_MESSAGES.userNotFound);
    // The version read back may already include a concurrent bump; Redis only ever goes up.
    await this.sessionVersions.publish(userId, user.sessionVersion);
    await this.notices.passwordChanged(userId, user);
    return user.sessionVersion;
  }

  /** The account a reset link may be sent for, if the address has one. */
  async findByEmail(
    email: string,
  ): Promise<(Pick<User, 'name' | 'email'> & { id: string }) | null> {
    const user = await this.users.findOne({ email }, { name: 1, email: 1 }).lean();
    return user ? { id: user._id.toHexString(), name: user.name, email: user.email } : null;
  }

  plan(userId: string): Promise<UserPlan> {
    return this.plans.plan(userId);
  }

  /** Premium bought: idempotent, and `auth.user.updated` goes out only when it changes. */
  async markPremium(userId: string): Promise<UserPlan | null> {
    let wrote = false;
    const user = await changeUser(this.users, userId, (current) => {
      wrote = !current.isPremium;
      return wrote ? { isPremium: true } : null;
    });
    if (wrote) await this.plans.changed(userId);
    return user ? toUserPlan(userId, user) : null;
  }

  private async signIn(user: UserDocument): Promise<AuthResponse> {
    const token = await this.tokens.issue({
      sub: user._id.toHexString(),
      roles: user.roles,
      sv: user.sessionVersion,
    });
    return { token, user: toUserView(user) };
  }

  private async signedInUser(userId: string): Promise<UserDocument> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.signInAgain);
    return user;
  }
}

function rethrowDuplicateEmail(error: unknown): never {
  if (isDuplicateKeyError(error)) {
    throw new ApiException('DUPLICATE', AUTH_MESSAGES.emailTaken);
  }
  throw error;
}
