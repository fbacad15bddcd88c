/**
 * A missed question as an Anki note (docs/adr/0023-anki-export.md): the front names the test,
 * section, question number and topic tags; the back holds the student's own reasons and plan.
 * Everything the student wrote is HTML-escaped: Anki renders fields as HTML.
 */
import type { Question } from '@mcat/contracts';
import { escapeHtml } from '@mcat/service-kit';
import type { AnkiNote } from './apkg-writer';

/** Text as HTML that shows it as written, line breaks kept. */
const fieldHtml = (text: string): string => escapeHtml(text).replace(/\r?\n/g, '<br>');

/**
 * A tag as Anki takes it: one word (Anki splits tags on spaces), so runs of spaces become `_`,
 * as Anki's own tag editor does.
 */
export const ankiTag = (text: string): string => text.trim().replace(/\s+/g, '_');

/** The Anki tags of a question: its topic tags, then `mistake::<type>` when it has a type. */
export const questionTags = (question: Question): string[] => {
  const tags = question.topicTags.map(ankiTag).filter(Boolean);
  if (question.mistakeType) tags.push(`mistake::${ankiTag(question.mistakeType)}`);
  return [...new Set(tags)];
};

/** The test as the front names it: its source and date, or its id when its summary is unknown. */
export const testLabel = (question: Question): string =>
  typeof question.test === 'string'
    ? `Test ${question.test}`
    : `${question.test.source} (${question.test.dateTaken.slice(0, 10)})`;

const frontLines = (question: Question): string[] => [
  testLabel(question),
  `${question.section}, question ${question.questionNumber}`,
  question.topicTags.length ? `Topics: ${question.topicTags.join(', ')}` : 'Topics: none',
];

export function questionNote(question: Question): AnkiNote {
  const [test, place, topics] = frontLines(question).map(fieldHtml);
  const section = (title: string, text: string) =>
    `<h3>${fieldHtml(title)}</h3><div>${fieldHtml(text)}</div>`;
  return {
    sourceId: question._id,
    createdAt: new Date(question.createdAt),
    front: `<div class="meta">${test}</div><div><b>${place}</b></div><div class="meta">${topics}</div>`,
    back: [
      question.mistakeType
        ? `<div class="meta">Mistake: ${fieldHtml(question.mistakeType)}</div>`
        : '',
      section('Why my answer was wrong', question.wrongAnswerReason),
      section('Why the right answer is right', question.rightAnswerReason),
      section('My plan', question.improvementPlan),
    ].join(''),
    sortText: frontLines(question).join(' | '),
    tags: questionTags(question),
  };
}
