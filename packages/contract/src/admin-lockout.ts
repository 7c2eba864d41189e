// Sign-in lock of an admin account (beyond SPEC): five failed sign-ins lock an identifier
// for 15 minutes (SESSION in limits.ts), so anyone who knows an admin's email can keep that admin
// out. The master can see the lock and release it ({id} is the admin_id):
//   GET    /master/registration/api/v1/admin-lockout        every admin locked now
//   GET    /master/registration/api/v1/admin-lockout/{id}   one admin's lock
//   DELETE /master/registration/api/v1/admin-lockout/{id}   release it (logged)

export const ADMIN_LOCKOUT_PATH = '/master/registration/api/v1/admin-lockout';

export const LOCKOUT_MSG = {
  released: 'Sign-in lock released',
  notLocked: 'Admin account is not locked',
} as const;

/** What the staff action log names the release (table staff_action_logs, column action). */
export const LOCK_RELEASE_ACTION = 'release_login_lock';

/** One admin's lock; `locked_until` is an ISO 8601 time, null when not locked. */
export interface AdminLockoutState {
  admin_id: number;
  locked: boolean;
  locked_until: string | null;
}

export interface AdminLockoutAnswer extends AdminLockoutState {
  success: true;
}

export interface AdminLockoutReleaseAnswer extends AdminLockoutState {
  success: true;
  message: string;
  /** Whether a lock was in force when the master released it. */
  was_locked: boolean;
  /** How many failed sign-ins no longer count towards a lock. */
  cleared_failures: number;
}

export interface LockedAdmin {
  admin_id: number;
  admin_email: string;
  locked_until: string;
}

export interface AdminLockoutsAnswer {
  success: true;
  lockouts: LockedAdmin[];
}
