import { ConfigError, parseConfig } from '@mcat/service-kit';
import type { PublicConfig } from '@mcat/contracts';
import { gatewayEnvSchema } from '../src/config';
import { GatewayHarness } from './support/gateway-harness';
import { REQUIRED_ENV } from './support/required-env';

const OWN_RESOURCES = [
  { title: 'UWorld MCAT', url: 'https://gradschool.uworld.com/mcat', description: 'Question bank' },
  { title: 'Khan Academy MCAT', url: 'https://www.khanacademy.org/test-prep/mcat' },
];

const guideResourcesOf = async (gateway: GatewayHarness) => {
  const response = await gateway.fetch('/api/config');
  expect(response.status).toBe(200);
  return ((await response.json()) as PublicConfig).guideResources;
};

describe('the study guide resource links in GET /api/config', () => {
  it('are the default list of five, AAMC first, when GUIDE_RESOURCES is not set', async () => {
    const gateway = await GatewayHarness.start();
    try {
      const resources = await guideResourcesOf(gateway);
      expect(resources).toHaveLength(5);
      expect(resources[0]).toEqual({
        title: 'AAMC MCAT Official Prep',
        url: 'https://students-residents.aamc.org/prepare-mcat-exam/prepare-mcat-exam',
        description: 'The official practice exams, section banks and question packs.',
      });
    } finally {
      await gateway.close();
    }
  });

  it('are the ones GUIDE_RESOURCES lists, in its order, description optional', async () => {
    const gateway = await GatewayHarness.start({ GUIDE_RESOURCES: JSON.stringify(OWN_RESOURCES) });
    try {
      expect(await guideResourcesOf(gateway)).toEqual(OWN_RESOURCES);
    } finally {
      await gateway.close();
    }
  });
});

describe('a bad GUIDE_RESOURCES stops the gateway at start', () => {
  const FORMAT =
    'Invalid configuration: GUIDE_RESOURCES must be a JSON array of {"title", "url", ' +
    '"description"?} with http:// or https:// urls';

  it.each([
    ['text that is not JSON', 'Anki https://apps.ankiweb.net/', FORMAT],
    ['an object instead of an array', JSON.stringify(OWN_RESOURCES[0]), FORMAT],
    [
      'an item without a title',
      JSON.stringify([OWN_RESOURCES[0], { url: 'https://apps.ankiweb.net/' }]),
      `${FORMAT} (item 2 is not)`,
    ],
    [
      'an item whose url is not http(s)',
      JSON.stringify([{ title: 'Anki', url: 'javascript:alert(1)' }]),
      `${FORMAT} (item 1 is not)`,
    ],
  ])('with %s, in one line naming the variable', (_case, value, message) => {
    const parse = () => parseConfig(gatewayEnvSchema, { ...REQUIRED_ENV, GUIDE_RESOURCES: value });
    expect(parse).toThrow(ConfigError);
    expect(parse).toThrow(new ConfigError(message));
  });
});
