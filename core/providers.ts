/**
 * Screening providers for the retrieval guide (six) and the /empower list (four), as data
 * (decisions.md): the six Swedish university hospitals. Costs and timeframes stay within the
 * spec's figures (0-350 SEK, 3-14 days); the demo's three locations use the spec's own fees.
 * Contact goes through the regional patient portal 1177, never an invented phone number. The
 * texts are English, marked for translation where they are shown (t(text)).
 */
import { msg } from './i18n';
export interface ScreeningProvider {
  id: string;
  name: string;
  city: string;
  /** How to ask for the images, in plain words. */
  procedure: string;
  /** How long it usually takes until the images arrive. */
  timeframe: string;
  timeframeDays: number;
  cost: string;
  costSek: number;
  contact: string;
  link: string;
}

const PORTAL = 'https://www.1177.se';

export const SCREENING_PROVIDERS: readonly ScreeningProvider[] = [
  {
    id: 'karolinska',
    name: msg('Karolinska University Hospital'),
    city: msg('Stockholm'),
    procedure: msg('Log in to 1177 and send a message to the breast imaging unit (bröstmottagningen). Ask for a copy of your latest screening mammogram as DICOM files. You get a download link.'),
    timeframe: msg('3 days'),
    timeframeDays: 3,
    cost: msg('150 SEK'),
    costSek: 150,
    contact: msg('Through 1177, Region Stockholm'),
    link: PORTAL,
  },
  {
    id: 'skanes',
    name: msg('Skåne University Hospital'),
    city: msg('Malmö and Lund'),
    procedure: msg('Fill in the form for a copy of your medical records on 1177. Write that you want the images of your latest mammogram as DICOM files. They are sent to you on a USB stick.'),
    timeframe: msg('7 days'),
    timeframeDays: 7,
    cost: msg('Free'),
    costSek: 0,
    contact: msg('Through 1177, Region Skåne'),
    link: PORTAL,
  },
  {
    id: 'akademiska',
    name: msg('Akademiska University Hospital'),
    city: msg('Uppsala'),
    procedure: msg('Send a request through 1177 to the mammography unit. Ask for your latest screening images as DICOM files. You get a download link by secure message.'),
    timeframe: msg('3 days'),
    timeframeDays: 3,
    cost: msg('350 SEK'),
    costSek: 350,
    contact: msg('Through 1177, Region Uppsala'),
    link: PORTAL,
  },
  {
    id: 'sahlgrenska',
    name: msg('Sahlgrenska University Hospital'),
    city: msg('Gothenburg'),
    procedure: msg('Ask the breast imaging unit for a copy of your images through 1177. Say that you want the original DICOM files, not pictures. They are sent to you on a disc or USB stick.'),
    timeframe: msg('10 days'),
    timeframeDays: 10,
    cost: msg('200 SEK'),
    costSek: 200,
    contact: msg('Through 1177, Västra Götaland Region'),
    link: PORTAL,
  },
  {
    id: 'linkoping',
    name: msg('Linköping University Hospital'),
    city: msg('Linköping'),
    procedure: msg('Send a request for a copy of your medical records through 1177. Ask for the images of your latest mammogram as DICOM files. They are sent to you by post on a USB stick.'),
    timeframe: msg('14 days'),
    timeframeDays: 14,
    cost: msg('Free'),
    costSek: 0,
    contact: msg('Through 1177, Region Östergötland'),
    link: PORTAL,
  },
  {
    id: 'norrland',
    name: msg('Norrland University Hospital'),
    city: msg('Umeå'),
    procedure: msg('Log in to 1177 and send a message to the mammography unit. Ask for your latest screening mammogram as DICOM files. You get a download link.'),
    timeframe: msg('5 days'),
    timeframeDays: 5,
    cost: msg('100 SEK'),
    costSek: 100,
    contact: msg('Through 1177, Region Västerbotten'),
    link: PORTAL,
  },
];

/** The four of the /empower list (spec section 9: four providers there, six in the guide). */
export const EMPOWER_PROVIDERS: readonly ScreeningProvider[] = SCREENING_PROVIDERS.slice(0, 4);
