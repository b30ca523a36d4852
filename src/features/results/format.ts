/** Dates as the screens show them: one format, written once in core/dates.ts. */
export { formatDate, formatDateTime, formatStudyDate, parseApiDate as parseUtc } from '../../../core/dates';
