/** The study guide's resource links (affiliate links are marked as such on the page). */
export interface GuideResource {
  name: string;
  url: string;
  description: string;
}

export const GUIDE_RESOURCES: readonly GuideResource[] = [
  {
    name: 'AAMC MCAT Official Prep',
    url: 'https://students-residents.aamc.org/prepare-mcat-exam/prepare-mcat-exam',
    description: 'The official practice exams, section banks and question packs.',
  },
  {
    name: 'Blueprint MCAT',
    url: 'https://blueprintprep.com/mcat',
    description: 'Full-length practice exams with detailed analytics.',
  },
  {
    name: 'Kaplan MCAT Prep',
    url: 'https://www.kaptest.com/mcat',
    description: 'Review books, practice tests and courses.',
  },
  {
    name: 'The Princeton Review MCAT',
    url: 'https://www.princetonreview.com/medical/mcat-test-prep',
    description: 'Practice tests and content review.',
  },
  {
    name: 'Anki',
    url: 'https://apps.ankiweb.net/',
    description: 'Free spaced-repetition flashcards for the facts you miss.',
  },
];
