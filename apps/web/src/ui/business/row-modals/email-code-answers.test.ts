// A button named in a sentence is quoted with «», as «Deshacer» is elsewhere.
import { describe, expect, it } from 'vitest';
import { CODE_SPENT } from './email-code-answers.ts';

describe('the email change answers', () => {
  it('quote the button they name with «»', () => {
    expect(CODE_SPENT).toContain('con «Reenviar código».');
    expect(CODE_SPENT).not.toContain("'");
  });
});
