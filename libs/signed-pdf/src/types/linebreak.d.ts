/** The part of linebreak (UAX #14, the line breaking pdfkit uses) Signet uses; the package ships no types. */
declare module 'linebreak' {
  interface Break {
    /** Where a line may begin: the index in the string. */
    position: number;
    /** A line must begin here (after a line feed). */
    required: boolean;
  }
  class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
  export default LineBreaker;
}
