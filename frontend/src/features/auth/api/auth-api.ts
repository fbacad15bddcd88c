/** Auth endpoints: session, sign-in, profile, password change and reset, reminder unsubscribe. */
import type {
  AuthResponse,
  ChangePasswordBody,
  ChangePasswordResponse,
  ForgotPasswordBody,
  LoginBody,
  MessageResponse,
  ProfileBody,
  RegisterBody,
  ResetPasswordBody,
  User,
} from '@mcat/contracts';
import { api } from '../../../lib/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<User, void>({
      query: () => 'auth/me',
      providesTags: ['User'],
    }),
    login: build.mutation<AuthResponse, LoginBody>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
    }),
    register: build.mutation<AuthResponse, RegisterBody>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
    }),
    updateProfile: build.mutation<User, ProfileBody>({
      query: (body) => ({ url: 'auth/me', method: 'PUT', body }),
    }),
    changePassword: build.mutation<ChangePasswordResponse, ChangePasswordBody>({
      query: (body) => ({ url: 'auth/password', method: 'PUT', body }),
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordBody>({
      query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
    }),
    validateResetToken: build.query<MessageResponse, string>({
      query: (token) => `auth/reset-password/${encodeURIComponent(token)}`,
      keepUnusedDataFor: 0,
    }),
    resetPassword: build.mutation<MessageResponse, { token: string; body: ResetPasswordBody }>({
      query: ({ token, body }) => ({
        url: `auth/reset-password/${encodeURIComponent(token)}`,
        method: 'POST',
        body,
      }),
    }),
    /** The one-click unsubscribe of a reminder mail's link: no sign-in, no body. */
    unsubscribeReviewReminders: build.mutation<MessageResponse, string>({
      query: (token) => ({
        url: `auth/review-reminders/unsubscribe/${encodeURIComponent(token)}`,
        method: 'POST',
      }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useForgotPasswordMutation,
  useValidateResetTokenQuery,
  useResetPasswordMutation,
  useUnsubscribeReviewRemindersMutation,
} = authApi;
