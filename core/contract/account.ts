/** The person's rights over their account: take everything out, change the password, delete it. */
import { Type, type Static } from 'typebox';
import { JobStarted } from './jobs';
import { ApiErrorBody, StringEnum, type Endpoint } from './common';
import * as routes from './routes';

/** Policy limits are the server's (idp/passwordPolicy.ts); this bound only keeps the body small. */
const PasswordField = Type.String({ maxLength: 1000 });

export const ChangePasswordRequest = Type.Object(
  { current_password: PasswordField, new_password: PasswordField },
  { additionalProperties: false },
);
export type ChangePasswordRequest = Static<typeof ChangePasswordRequest>;

export const ChangePasswordResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  /** Sessions on other devices that were signed out. */
  signed_out_sessions: Type.Integer({ minimum: 0 }),
});
export type ChangePasswordResponse = Static<typeof ChangePasswordResponse>;

export const DeleteAccountRequest = Type.Object(
  {
    /** The account's e-mail, typed by the person (any case); "delete" for an account without one. */
    confirmation: Type.String({ maxLength: 320 }),
  },
  { additionalProperties: false },
);
export type DeleteAccountRequest = Static<typeof DeleteAccountRequest>;

export const DeleteAccountResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  /**
   * Where the sign-in account lives: 'deleted' (cardchat's own sign-in, gone with the rest) or
   * 'external' (an outside provider's, which cardchat cannot delete: the person does that there).
   */
  sign_in_account: StringEnum(['deleted', 'external']),
});
export type DeleteAccountResponse = Static<typeof DeleteAccountResponse>;

export const changePassword = {
  ...routes.changePassword,
  body: ChangePasswordRequest,
  response: { 200: ChangePasswordResponse, 400: ApiErrorBody, 409: ApiErrorBody },
} satisfies Endpoint;
export const deleteAccount = {
  ...routes.deleteAccount,
  body: DeleteAccountRequest,
  response: { 200: DeleteAccountResponse, 400: ApiErrorBody },
} satisfies Endpoint;
/** Queues the export (202); once done, the job names its .zip (GET /api/jobs/{id}/file). */
export const exportAccount = { ...routes.exportAccount, response: { 202: JobStarted } } satisfies Endpoint;
