/**
 * What the public configuration (GET /api/config) holds when the operator sets nothing: the
 * gateway's defaults, and what the web app shows (and prerenders at build time) before the
 * configuration arrives. One list, so a page the build prerendered matches the default deployment.
 */
import type { PublicConfig } from './api';

type GuideResource = PublicConfig['guideResources'][number];

/** The /guide page's resource links when GUIDE_RESOURCES is not set. */
export const DEFAULT_GUIDE_RESOURCES: readonly GuideResource[] = [
  {
    title: 'AAMC MCAT Official Prep',
    url: 'https://students-residents.aamc.org/prepare-mcat-exam/prepare-mcat-exam',
    description: 'The official practice exams, section banks and question packs.',
  },
  {
    title: 'Blueprint MCAT',
    url: 'https://blueprintprep.com/mcat',
    description: 'Full-length practice exams with detailed analytics.',
  },
  {
    title: 'Kaplan MCAT Prep',
    url: 'https://www.kaptest.com/mcat',
    description: 'Review books, practice tests and courses.',
  },
  {
    title: 'The Princeton Review MCAT',
    url: 'https://www.princetonreview.com/medical/mcat-test-prep',
    description: 'Practice tests and content review.',
  },
  {
    title: 'Anki',
    url: 'https://apps.ankiweb.net/',
    description: 'Free spaced-repetition flashcards for the facts you miss.',
  },
];

export const SITE_DEFAULTS = {
  brandName: 'MCAT Logbook',
  supportEmail: 'support@mcatlogbook.com',
  donationUrl: 'https://buymeacoffee.com/mcatlogbook',
  publicUrl: 'http://localhost:8080',
  guideResources: DEFAULT_GUIDE_RESOURCES,
} as const;
