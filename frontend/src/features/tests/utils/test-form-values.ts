/** The test form's values: empty for a new test, filled from a stored one for an edit. */
import { OTHER_SOURCE, TEST_SOURCE_OPTIONS, type Test } from '@mcat/contracts';
import { isoDatePart } from '../../../lib/dates';

export interface TestFormFields {
  dateTaken: string;
  source: string;
  customSource: string;
  subscores: { chemPhys: string; cars: string; bio: string; psychSoc: string };
}

export const emptyTestForm = (): TestFormFields => ({
  dateTaken: '',
  source: '',
  customSource: '',
  subscores: { chemPhys: '', cars: '', bio: '', psychSoc: '' },
});

/** A source that is not one of the dropdown's options shows as Other with the custom text. */
export const testFormFromTest = (test: Test): TestFormFields => {
  const listed = TEST_SOURCE_OPTIONS.includes(test.source) && test.source !== OTHER_SOURCE;
  return {
    dateTaken: isoDatePart(test.dateTaken),
    source: listed ? test.source : OTHER_SOURCE,
    customSource: listed ? '' : test.source,
    subscores: {
      chemPhys: String(test.subscores.chemPhys),
      cars: String(test.subscores.cars),
      bio: String(test.subscores.bio),
      psychSoc: String(test.subscores.psychSoc),
    },
  };
};
