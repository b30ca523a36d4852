/**
 * The Privacy Policy and the Terms of Service of this product (decisions.md: real texts, what is
 * stored, where, for how long, who sees it, how to delete it, not a diagnosis, whom to contact),
 * in plain words. The contact address is the operator's CONTACT_EMAIL setting.
 *
 * In the reader's language (src/i18n): built while rendering, by a component that re-renders when
 * the language changes (LegalBody), never at module load.
 */
import { msg, t } from '../../i18n';
export type LegalDoc = 'privacy' | 'terms';

/** A heading, then paragraphs, a list and paragraphs after it, each optional. */
export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  after?: string[];
}

export interface LegalText {
  title: string;
  intro: string;
  sections: LegalSection[];
}

/** English keys: translate where shown, with t(LEGAL_TITLES[doc]). */
export const LEGAL_TITLES: Record<LegalDoc, string> = { privacy: msg('Privacy Policy'), terms: msg('Terms of Service') };
export const LEGAL_PATHS: Record<LegalDoc, '/privacy' | '/terms'> = { privacy: '/privacy', terms: '/terms' };

export function privacyPolicy(contact: string): LegalText {
  return {
    title: t(LEGAL_TITLES.privacy),
    intro:
      t('This page tells you what we keep about you, where we keep it, for how long, who can see it, and how you can delete it. We wrote it in plain words on purpose.'),
    sections: [
      {
        heading: t('What we keep'),
        paragraphs: [t('We keep only what the service needs to work:')],
        list: [
          t('Your account: your name, e-mail address, birth date and password. We keep the password only in a scrambled form that cannot be turned back into the password.'),
          t('Your answers to the optional health questions, if you give them.'),
          t('The four DICOM files of each mammogram you upload. These files can also hold details your clinic put in them, such as a patient number and the date of the mammogram.'),
          t('The results of each study: the scores, and earlier versions of them if you changed your answers.'),
          t('The pictures we make from your files: the four images and the pictures drawn over them.'),
        ],
      },
      {
        heading: t('Where we keep it'),
        paragraphs: [
          t("Everything is kept on this service's own server: your account and results in its database, and your files and images in its image store. We do not send your files, images or results to anyone else, and we do not sell them."),
          t('This app can also keep a copy of your results and images on your own device, so that you can read them when you are offline. Logging out deletes that copy, and the files of the studies you sent from this device. A study still waiting to be sent stays on this device until it is sent.'),
        ],
      },
      {
        heading: t('How long we keep it'),
        paragraphs: [
          t('We keep a study until you delete it, or until you delete your account. Your account is kept until you delete it.'),
        ],
      },
      {
        heading: t('Who can see it'),
        paragraphs: [
          t('You can see your own account, studies and results. No other user can.'),
          t('The administrators of this service can also see them. They need this to run the service and to help you when something goes wrong.'),
        ],
      },
      {
        heading: t('How to delete it'),
        list: [
          t('One study: open its results and press "Delete this study". Its files, results and images are deleted.'),
          t('Everything: go to User settings, then Danger zone, and delete your account. Your account and all your studies, files, results and images are deleted.'),
        ],
        after: [t('Deleting cannot be undone.')],
      },
      {
        heading: t('Not a diagnosis'),
        paragraphs: [
          t('The scores are estimates made by a computer. They are not a diagnosis, and this service is not a medical device. Please talk about your results with your doctor.'),
        ],
      },
      {
        heading: t('Questions'),
        paragraphs: [t('If you have a question about your data, or want to know what we keep about you, write to us at {{contact}}.', { contact })],
      },
    ],
  };
}

export function termsOfService(contact: string): LegalText {
  return {
    title: t(LEGAL_TITLES.terms),
    intro: t('These are the rules for using this service. Please read them before you upload your mammogram.'),
    sections: [
      {
        heading: t('What the service does'),
        paragraphs: [
          t('You upload the four images of a screening mammogram. A computer works out scores from them: signs that can point to cancer, your inherent risk, how much dense tissue could hide cancer, and one combined score. It compares each score with other women who had a mammogram.'),
        ],
      },
      {
        heading: t('It is not a diagnosis'),
        paragraphs: [
          t('The scores are estimates. They do not tell you if you have cancer, and they can be wrong.'),
          t('This service is not a medical device, and it does not replace a doctor or your regular screening. Talk about your results with your doctor. If you have a lump, pain or another change in your breast, see a doctor whatever your scores say.'),
        ],
      },
      {
        heading: t('What you agree to'),
        list: [
          t('You upload only your own mammograms, or ones you are allowed to share.'),
          t('You keep your password to yourself.'),
          t("You do not try to see other people's data or to harm the service."),
        ],
      },
      {
        heading: t('Your data'),
        paragraphs: [
          t('Your files and results stay yours. We use them only to give you your results. Our Privacy Policy says what we keep, where, for how long, who can see it and how you delete it.'),
        ],
      },
      {
        heading: t('Access and limits'),
        paragraphs: [
          t('The service is not open to everyone yet. The number of studies you can send may be limited. We may change or stop the service. If we stop it, we will delete the data we keep.'),
        ],
      },
      {
        heading: t('Contact'),
        paragraphs: [t('If you have a question about these terms, write to us at {{contact}}.', { contact })],
      },
    ],
  };
}

export const legalText = (doc: LegalDoc, contact: string): LegalText => (doc === 'privacy' ? privacyPolicy(contact) : termsOfService(contact));
