import { z } from 'zod';

/**
 * The optional BCRAT risk factors a user may give. `null` means "unknown", which BCRAT maps to the
 * reference (lowest-risk) category. Race keys follow BCRA's race codes 1-11.
 */
export const RACES = {
  white: 1,
  african_american: 2,
  hispanic_us_born: 3,
  other: 4,
  hispanic_foreign_born: 5,
  chinese: 6,
  japanese: 7,
  filipino: 8,
  hawaiian: 9,
  other_pacific_islander: 10,
  other_asian: 11,
} as const;
export type RaceKey = keyof typeof RACES;
export const RACE_LABELS: Record<RaceKey, string> = {
  white: 'White',
  african_american: 'Black or African-American',
  hispanic_us_born: 'Hispanic, born in the US',
  other: 'Other or Native American',
  hispanic_foreign_born: 'Hispanic, born outside the US',
  chinese: 'Chinese',
  japanese: 'Japanese',
  filipino: 'Filipino',
  hawaiian: 'Native Hawaiian',
  other_pacific_islander: 'Other Pacific Islander',
  other_asian: 'Other Asian',
};

const RISK_FACTOR_FIELDS = {
  race: z.enum(Object.keys(RACES) as [RaceKey, ...RaceKey[]]).nullable(),
  age_at_menarche: z.number().int().min(6).max(25).nullable(),
  /** 'none' for no live births. */
  age_at_first_birth: z.union([z.number().int().min(10).max(60), z.literal('none')]).nullable(),
  first_degree_relatives: z.number().int().min(0).max(20).nullable(),
  biopsies: z.number().int().min(0).max(50).nullable(),
  atypical_hyperplasia: z.enum(['yes', 'no']).nullable(),
};

const F = RISK_FACTOR_FIELDS;
export const RiskFactors = z
  .object({
    race: F.race.default(null),
    age_at_menarche: F.age_at_menarche.default(null),
    age_at_first_birth: F.age_at_first_birth.default(null),
    first_degree_relatives: F.first_degree_relatives.default(null),
    biopsies: F.biopsies.default(null),
    atypical_hyperplasia: F.atypical_hyperplasia.default(null),
  })
  .meta({ id: 'RiskFactors' });
/** A change to some answers: the ones left out stay as they were. */
export const RiskFactorsPatch = z.object(RISK_FACTOR_FIELDS).partial().meta({ id: 'RiskFactorsPatch' });
export type RiskFactors = z.infer<typeof RiskFactors>;

export const EMPTY_RISK_FACTORS: RiskFactors = {
  race: null,
  age_at_menarche: null,
  age_at_first_birth: null,
  first_degree_relatives: null,
  biopsies: null,
  atypical_hyperplasia: null,
};
