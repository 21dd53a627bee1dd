// Dates as the viewer reads them: in their own time zone and the console's language.

export function createFormat(language) {
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    /** An API instant (ISO 8601) in the viewer's zone, or an empty string for null. */
    when: (instant) => (instant ? dates.format(new Date(instant)) : ''),
    /** The `datetime` attribute of a <time>, so assistive technology and tests read the exact instant. */
    machine: (instant) => (instant ? new Date(instant).toISOString() : '')
  };
}
