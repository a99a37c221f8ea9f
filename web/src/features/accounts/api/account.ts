import { postJson } from '../../../lib/api';
import type { User } from '../../../lib/auth';

/** The account calls of the sign-in and account pages (the session itself is lib/auth.ts). */

export const signIn = (body: { email: string; password: string }) => postJson<User>('/api/login', body);

export const register = (body: { username: string; email: string; password: string; confirmPassword: string }) =>
  postJson<User>('/api/register', body);

/** Asks for a reset link by e-mail; the answer is the same whether or not the address is known. */
export const requestPasswordReset = (body: { email: string }) => postJson('/api/request-password-reset', body);

/** Asks for a link that signs in without the password; the same answer whether or not the address is known. */
export const requestSignInLink = (body: { email: string }) => postJson('/api/request-sign-in-link', body);

/** Signs in with the token of a mailed sign-in link (once). */
export const signInWithLink = (body: { token: string }) => postJson<User>('/api/sign-in-link', body);

/** Sets a new password with the token from the reset link (the confirmation is checked here and not sent). */
export const resetPassword = (body: { token: string; password: string }) => postJson('/api/reset-password', body);

/** Changes the password; every other device is signed out, this browser stays signed in. */
export const changePassword = (body: { currentPassword: string; password: string; confirmPassword: string }) =>
  postJson('/api/change-password', body);

/** Ends every session but this one. */
export const signOutOtherDevices = () => postJson<{ message: string }>('/api/logout-others');
