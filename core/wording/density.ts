/**
 * How a density grade is put into words (issue 18, item 3): the BI-RADS category with its words,
 * and what dense tissue means for her mammogram, modelled on the United States' national breast
 * density notification (FDA MQSA, 2024). One place, so the Masking tab and step 4 of /submit say
 * the same thing.
 *
 * The texts are English (the server shares this file) and marked with msg(); the functions take
 * the client's translate function `tr` (issue 18, item 7) and speak English without one.
 */
import type { DensityMeasure } from '../contract/scores';
import { msg } from '../i18n';
import { inEnglish, reasonText, type Translate } from './reasons';

export type Grade = 'a' | 'b' | 'c' | 'd';

/** The BI-RADS (5th edition) words of each grade. */
export const GRADE_WORDS: Record<Grade, string> = {
  a: msg('almost entirely fatty'),
  b: msg('scattered areas of fibroglandular density'),
  c: msg('heterogeneously dense'),
  d: msg('extremely dense'),
};

/** Grades c and d are "dense" in the national notification; a and b are "not dense". */
export function isDense(grade: Grade): boolean {
  return grade === 'c' || grade === 'd';
}

/** "Grade C: heterogeneously dense". */
export function gradeLine(grade: Grade, tr: Translate = inEnglish): string {
  return tr(msg('Grade {{grade}}: {{words}}'), { grade: grade.toUpperCase(), words: tr(GRADE_WORDS[grade]) });
}

/** The grade in everyday words, one short sentence. */
export const GRADE_PLAIN: Record<Grade, string> = {
  a: msg('Your breasts are mostly fat, with very little dense tissue.'),
  b: msg('Your breasts are mostly fat, with some areas of dense tissue.'),
  c: msg('Your breasts have a lot of dense tissue, spread unevenly.'),
  d: msg('Your breasts are almost all dense tissue.'),
};

/** What the grade means for how well her mammogram can find a cancer. */
export const GRADE_SENSITIVITY: Record<Grade, string> = {
  a: msg('With this little dense tissue, a mammogram can see cancers most easily.'),
  b: msg('A mammogram can see most cancers well in breasts like yours.'),
  c: msg('Dense tissue can hide some cancers, so a mammogram may miss some.'),
  d: msg('Dense tissue can hide cancers, so a mammogram misses more of them in breasts like yours than in breasts with less dense tissue.'),
};

/** The national notification's opening, the same for everyone. */
export const NOTIFICATION_INTRO = msg(
  'Breast tissue can be either dense or not dense. Dense tissue makes it harder to find breast cancer on a mammogram and also raises the risk of developing breast cancer.',
);

export const NOTIFICATION_DENSE_EXTRA = msg('In some people with dense tissue, other imaging tests in addition to a mammogram may help find cancers.');

export const NOTIFICATION_TALK = msg('Talk to your healthcare provider about breast density, risks for breast cancer, and your individual situation.');

/** Ours, not the notification's: the grade here is a computer's estimate, not a radiologist's. */
export const GRADE_IS_ESTIMATE = msg(
  'This grade is an estimate made by a computer from your images. The radiologist who read your mammogram may give a different grade.',
);

/** The notification's sentences for a grade, in order. */
export function densityNotification(grade: Grade, tr: Translate = inEnglish): string[] {
  const dense = isDense(grade);
  return [
    tr(NOTIFICATION_INTRO),
    dense ? tr(msg('Your breast tissue is dense.')) : tr(msg('Your breast tissue is not dense.')),
    ...(dense ? [tr(NOTIFICATION_DENSE_EXTRA)] : []),
    tr(NOTIFICATION_TALK),
  ];
}

export type DensityWords =
  | { available: true; grade: Grade; line: string; plain: string; sensitivity: string; notification: string[] }
  | { available: false; reason: string; notification: string[] };

/** Everything the screens say about a study's density measure, in the language of `tr`. */
export function describeDensity(measure: DensityMeasure | null | undefined, tr: Translate = inEnglish): DensityWords {
  const grade = measure?.grade ?? null;
  if (!grade) {
    const notWorkedOut = tr(msg('Your breast density could not be worked out.'));
    return {
      available: false,
      reason: measure?.reason ? `${notWorkedOut} ${reasonText(measure.reason, tr)}` : notWorkedOut,
      notification: [tr(NOTIFICATION_INTRO), tr(NOTIFICATION_TALK)],
    };
  }
  return {
    available: true,
    grade,
    line: gradeLine(grade, tr),
    plain: tr(GRADE_PLAIN[grade]),
    sensitivity: tr(GRADE_SENSITIVITY[grade]),
    notification: densityNotification(grade, tr),
  };
}
