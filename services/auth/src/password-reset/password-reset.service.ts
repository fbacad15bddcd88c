import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  AUTH_MESSAGES,
  ERRORS,
  PASSWORD_RESET_TTL_MINUTES,
  type MessageResponse,
} from '@mcat/contracts';
import { RateLimiter, isDuplicateKeyError } from '@mcat/service-kit';
import { Types, type Model } from 'mongoose';
import { Clock } from '../clock/clock';
import { MailQueue } from '../mail/mail-queue';
import type { RateLimitName } from '../rate-limit/rate-limit.policy';
import { UsersService } from '../users/users.service';
import { ResetToken } from './reset-token.schema';

/** A forgot-password answer never comes sooner, so a known and an unknown e-mail look alike. */
export const FORGOT_PASSWORD_MIN_MS = 300;

const TOKEN_BYTES = 32;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Forgot and reset password: single-use, one-hour links sent by mail. */
@Injectable()
export class PasswordResetService {
  constructor(
    @InjectModel(ResetToken.name) private readonly tokens: Model<ResetToken>,
    private readonly users: UsersService,
    private readonly mail: MailQueue,
    private readonly rateLimiter: RateLimiter<RateLimitName>,
    private readonly clock: Clock,
  ) {}

  /** The same answer, in about the same time, whether the address has an account or not. */
  async requestReset(email: string, ip: string): Promise<MessageResponse> {
    await this.rateLimiter.consume({ forgotPasswordPerEmail: email, forgotPasswordPerIp: ip });
    await Promise.all([this.sendLinkIfKnown(email), delay(FORGOT_PASSWORD_MIN_MS)]);
    return { message: AUTH_MESSAGES.resetRequested };
  }

  async validate(token: string): Promise<MessageResponse> {
    if (!(await this.tokens.exists(this.usable(token)))) this.refuse();
    return { message: AUTH_MESSAGES.resetTokenValid };
  }

  async reset(token: string, password: string): Promise<MessageResponse> {
    const found = await this.tokens.findOne(this.usable(token)).lean();
    // Whoever deletes it uses it: of two requests at once, one gets deletedCount 1.
    const { deletedCount } = found
      ? await this.tokens.deleteOne({ _id: found._id, tokenHash: found.tokenHash })
      : { deletedCount: 0 };
    if (!found || deletedCount !== 1) this.refuse();
    await this.users.replacePassword(found.userId.toHexString(), password);
    return { message: AUTH_MESSAGES.passwordReset };
  }

  private async sendLinkIfKnown(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const tokenHash = hashToken(token);
    const expiresAt = new Date(this.clock.now().getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
    await this.replaceToken(user.id, tokenHash, expiresAt);
    await this.mail.sendPasswordReset({
      to: user.email,
      name: user.name,
      token,
      tokenHash,
      expiresAt,
      now: this.clock.now(),
    });
  }

  /** The new token replaces the user's previous one, which stops working. */
  private async replaceToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    const write = () =>
      this.tokens.updateOne(
        { userId: new Types.ObjectId(userId) },
        { $set: { tokenHash, expiresAt } },
        { upsert: true },
      );
    // Two requests at once may both try to insert; the loser updates the winner's document.
    await write().catch((error: unknown) => {
      if (!isDuplicateKeyError(error)) throw error;
      return write();
    });
  }

  private usable(token: string): { tokenHash: string; expiresAt: { $gt: Date } } {
    const tokenHash = TOKEN_FORMAT.test(token) ? hashToken(token) : '';
    return { tokenHash, expiresAt: { $gt: this.clock.now() } };
  }

  private refuse(): never {
    throw new BadRequestException(ERRORS.invalidResetToken);
  }
}
