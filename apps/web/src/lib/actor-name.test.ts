import { describe, expect, it } from 'vitest';
import { actorName, changedByName, staffFilterQuery } from './actor-name.ts';

describe('who acted, in the portal words', () => {
  it("shows the stored 'Master' (or 'Master User') as 'Usuario maestro', an import's too, and any other name as stored", () => {
    expect(actorName('Master')).toBe('Usuario maestro');
    expect(actorName('Master (importación)')).toBe('Usuario maestro (importación)');
    expect(actorName('ana@portal.test')).toBe('ana@portal.test');
    expect(actorName('ana@portal.test (importación)')).toBe('ana@portal.test (importación)');
    expect(actorName('Master User')).toBe('Usuario maestro');
  });

  it("names the change history's user, 'Sistema' when blank", () => {
    expect(changedByName('Master')).toBe('Usuario maestro');
    expect(changedByName(' ')).toBe('Sistema');
    expect(changedByName(null)).toBe('Sistema');
    expect(changedByName('luis@portal.test')).toBe('luis@portal.test');
  });

  it("asks the server for 'Master' when the staff filter says 'Usuario maestro', any case or accents", () => {
    expect(staffFilterQuery('Usuario maestro')).toBe('Master');
    expect(staffFilterQuery('  usuario   MAESTRO ')).toBe('Master');
    expect(staffFilterQuery('Usuário maéstro')).toBe('Master');
    expect(staffFilterQuery('Master')).toBe('Master');
    // An email, or part of one, goes as typed: 'maestro' may be part of an admin's email.
    expect(staffFilterQuery(' maestro ')).toBe('maestro');
    expect(staffFilterQuery('ana@portal.test')).toBe('ana@portal.test');
  });
});
