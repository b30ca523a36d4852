import { describe, expect, it } from 'vitest';
import { DEMO_MESSAGES, DemoUserUpdate, parseDemoData, readDemoProfile } from '../../core/contract';
import { BUILT_IN_DEMO_PROFILES } from '../../server/services/demo-profiles';

const text = (over: Record<string, unknown> = {}) => JSON.stringify({ age: 52, description: 'Someone made up.', screening_location: 'karolinska', ...over });

describe('demo profile data (the JSON text of a demo user)', () => {
  it('reads a valid profile', () => {
    expect(parseDemoData(text())).toEqual({ ok: true, profile: { age: 52, description: 'Someone made up.', screening_location: 'karolinska' } });
    expect(readDemoProfile(text({ screening_location: 'skanes' }))?.screening_location).toBe('skanes');
  });

  it.each([
    ['', [], DEMO_MESSAGES.dataRequired],
    ['{"age": 52', [], DEMO_MESSAGES.dataNotJson],
    ['"just text"', [], DEMO_MESSAGES.dataNotObject],
    ['[]', [], DEMO_MESSAGES.dataNotObject],
    [text({ age: 17 }), ['age'], DEMO_MESSAGES.ageInvalid],
    [text({ age: 111 }), ['age'], DEMO_MESSAGES.ageInvalid],
    [text({ age: 52.5 }), ['age'], DEMO_MESSAGES.ageInvalid],
    [text({ age: null }), ['age'], DEMO_MESSAGES.ageInvalid],
    [text({ description: '' }), ['description'], DEMO_MESSAGES.descriptionRequired],
    [text({ description: 'x'.repeat(501) }), ['description'], DEMO_MESSAGES.descriptionTooLong],
    [text({ screening_location: 'Karolinska' }), ['screening_location'], DEMO_MESSAGES.locationInvalid],
    [text({ nickname: 'A' }), [], 'Unknown field in data: nickname'],
  ])('refuses %s with a message under its field', (input, path, message) => {
    const r = parseDemoData(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues).toContainEqual({ path, message });
  });

  it('reports every field at fault at once', () => {
    const r = parseDemoData(JSON.stringify({ age: 5 }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.path[0]).sort()).toEqual(['age', 'description', 'screening_location']);
  });

  it('checks the update body with the same rules, paths under data', () => {
    const r = DemoUserUpdate.safeParse({ data: text({ screening_location: 'x' }) });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['data', 'screening_location'], message: DEMO_MESSAGES.locationInvalid });
  });

  it('the built-in profiles are valid, with one per screening location and unique seed keys', () => {
    for (const p of BUILT_IN_DEMO_PROFILES) expect(parseDemoData(JSON.stringify(p.profile)).ok).toBe(true);
    expect(new Set(BUILT_IN_DEMO_PROFILES.map((p) => p.profile.screening_location)).size).toBe(3);
    expect(new Set(BUILT_IN_DEMO_PROFILES.map((p) => p.key)).size).toBe(BUILT_IN_DEMO_PROFILES.length);
  });
});
