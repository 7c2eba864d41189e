// The account changes that must void whatever a sign-in opened with the admin's old password
// (a 2FA challenge, a session being opened): each is the master's or the admin's own request.
import { type createAdmin, masterHeaders, type TestApp } from './helpers.ts';

export const NEW_PASSWORD = 'Nueva#Clave2030';
const ADMIN_PATH = '/master/registration/api/v1/admin-registration';

type Admin = Awaited<ReturnType<typeof createAdmin>>;
export type PasswordChange = [name: string, run: (admin: Admin) => Promise<{ statusCode: number }>];

export function passwordChanges(t: TestApp): PasswordChange[] {
  let calls = 0;
  const send = (method: 'POST' | 'PUT', url: string, payload: object, headers: Record<string, string>) =>
    // An address of its own, so no change counts toward another's limits.
    t.app.inject({ method, url, payload, headers, remoteAddress: `10.77.0.${(++calls % 250) + 1}` });
  return [
    [
      'a reset by the master',
      async (admin) =>
        send(
          'POST',
          `${ADMIN_PATH}/${admin.admin.admin_id}/reset-password`,
          { new_password: NEW_PASSWORD },
          await masterHeaders(t),
        ),
    ],
    [
      'a change of their own password',
      (admin) =>
        send(
          'POST',
          '/auth/password',
          { current_password: admin.password, new_password: NEW_PASSWORD },
          admin.headers,
        ),
    ],
    [
      'a suspension',
      async (admin) =>
        send(
          'PUT',
          `${ADMIN_PATH}/${admin.admin.admin_id}`,
          { access_status: 'suspended' },
          await masterHeaders(t),
        ),
    ],
    [
      'a bulk suspension',
      async (admin) =>
        send(
          'POST',
          `${ADMIN_PATH}/bulk`,
          { action: 'suspend', admin_ids: [admin.admin.admin_id] },
          await masterHeaders(t),
        ),
    ],
  ];
}
