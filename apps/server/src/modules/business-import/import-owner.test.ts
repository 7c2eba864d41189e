// Whose imports a caller sees: never everyone's by default.
import { MSG } from '@portal/contract/messages';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/http-error.ts';
import { ownerOf } from './business-import.service.ts';

describe('ownerOf', () => {
  it('gives an admin their own imports, the master all, and a request without a session none (401)', () => {
    expect(ownerOf({ loginType: 'admin', adminId: 7 } as Parameters<typeof ownerOf>[0])).toEqual({
      kind: 'admin',
      adminId: 7,
    });
    expect(ownerOf({ loginType: 'master', adminId: null } as Parameters<typeof ownerOf>[0])).toEqual({
      kind: 'master',
      adminId: null,
    });
    for (const auth of [null, undefined]) {
      const refusal = (() => {
        try {
          ownerOf(auth);
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(HttpError);
      expect(refusal).toMatchObject({ statusCode: 401, message: MSG.unauthorized });
    }
  });
});
