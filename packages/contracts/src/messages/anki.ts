/** The Anki deck export's answers and the web app's texts around it (docs/adr/0023-anki-export.md). */
export const ANKI_MESSAGES = {
  exportIdInvalid: 'exportId must be the id an Anki export answered with',
  exportUnknown:
    'This export is no longer known (exports can be marked for a day). Export the deck again, then mark it.',
  markUnavailable: 'Exports cannot be marked right now. Please try again shortly.',
  exportButton: 'Export to Anki',
  exporting: 'Exporting...',
  exportFailed: 'The Anki deck could not be exported',
  exported: (count: number): string =>
    `Exported ${count} ${count === 1 ? 'question' : 'questions'} to an Anki deck.`,
  markButton: 'Mark exported questions as Anki card made',
  marking: 'Marking...',
  markFailed: 'The exported questions could not be marked',
  marked: (count: number): string =>
    `Marked ${count} ${count === 1 ? 'question' : 'questions'} as Anki card made.`,
} as const;
