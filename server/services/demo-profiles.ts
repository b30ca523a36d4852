import type { DemoProfile } from '../../core/contract';
import type { PhantomOptions } from '../phantom/types';

/**
 * The built-in demo profiles seeded at first start: fictional people, one per screening location,
 * each with a synthetic study from the phantom generator. The phantom options differ (density and
 * findings) so the three results differ; the scores themselves come from the engine. Their
 * descriptions are English data; the demo page shows them in Swedish from
 * src/i18n/sv/demo-profiles.json (tests/unit/i18n-catalog.test.ts keeps the two in step).
 */
export interface BuiltInDemoProfile {
  /** Stable key: a profile is seeded once per key (see demo_seed_log). */
  key: string;
  name: string;
  profile: DemoProfile;
  phantom: Omit<PhantomOptions, 'width' | 'height'>;
}

/**
 * Moderate size: about 0.36 mm a pixel, inside the engine's 0.2-0.4 mm working range, so the three
 * studies are generated in about 2 s and scored in a fraction of what full-field images take (the
 * scoring runs in the worker after start, and the in-process worker shares the server's CPU).
 */
export const DEMO_PHANTOM_SIZE = { width: 640, height: 788 } as const;

export const BUILT_IN_DEMO_PROFILES: readonly BuiltInDemoProfile[] = [
  {
    key: 'builtin-karolinska-v1',
    name: 'Anna Lindqvist',
    profile: {
      age: 46,
      screening_location: 'karolinska',
      description:
        'Anna lives in Stockholm. This was her second routine screening. She feels well and has no breast cancer in her family.',
    },
    phantom: {
      seed: 4601,
      density: 0.14,
      mass: null,
      calcifications: null,
      patient: { id: 'DEMO-ANNA', name: 'Lindqvist^Anna', birthDate: '19781104', sex: 'F' },
      studyDate: '20250312',
    },
  },
  {
    key: 'builtin-skanes-v1',
    name: 'Maria Johansson',
    profile: {
      age: 53,
      screening_location: 'skanes',
      description:
        'Maria lives in Malmö. Her mother had breast cancer at 61. An earlier screening letter said her breasts are dense.',
    },
    phantom: {
      seed: 5302,
      density: 0.55,
      mass: null,
      calcifications: { breast: 'right', count: 9 },
      patient: { id: 'DEMO-MARIA', name: 'Johansson^Maria', birthDate: '19711023', sex: 'F' },
      studyDate: '20250204',
    },
  },
  {
    key: 'builtin-akademiska-v1',
    name: 'Eva Bergström',
    profile: {
      age: 64,
      screening_location: 'akademiska',
      description:
        'Eva lives in Uppsala and goes to every screening she is invited to. She has not noticed any changes in her breasts.',
    },
    phantom: {
      seed: 6403,
      density: 0.32,
      mass: { breast: 'left', sizeMm: 14, margin: 'spiculated' },
      calcifications: null,
      patient: { id: 'DEMO-EVA', name: 'Bergstrom^Eva', birthDate: '19600817', sex: 'F' },
      studyDate: '20250121',
    },
  },
];
