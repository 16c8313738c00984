/** The calls of the sign-in, sign-up and recovery screens, and the consent prompt. */
import {
  authResponse,
  confirmBody,
  confirmResponse,
  consentBody,
  consentResponse,
  emailOnlyBody,
  loginBody,
  loginResponse,
  registerBody,
  resetPasswordBody,
  userIdParams,
} from './auth';
import { endpoint } from './endpoint';

export const signInApi = {
  /** A new, unverified account; its verification link goes by mail. Answers the same for a known address. */
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    body: registerBody,
    response: authResponse,
    status: 201,
  }),
  login: endpoint({ method: 'POST', path: '/api/auth/login', body: loginBody, response: loginResponse }),
  /** Follows a verification link: signs the fan in, or asks them to choose a password first. */
  confirm: endpoint({
    method: 'POST',
    path: '/api/auth/confirm',
    body: confirmBody,
    response: confirmResponse,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: emailOnlyBody,
    response: authResponse,
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/api/auth/resend-verification',
    body: emailOnlyBody,
    response: authResponse,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    body: resetPasswordBody,
    response: authResponse,
  }),
  /** The fan's answer to the privacy and consent prompt, for themself only. */
  consent: endpoint({
    method: 'PATCH',
    path: '/api/user/:id/consent',
    params: userIdParams,
    body: consentBody,
    response: consentResponse,
  }),
};
