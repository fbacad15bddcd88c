import { migrationCommand } from './migrate-service';

describe('the arguments of a service migration (migrate.js)', () => {
  it('migrates without arguments, as the Helm Job runs it', () => {
    expect(migrationCommand([])).toEqual({ command: 'migrate' });
  });

  it('lists the unused indexes, or drops them with --drop', () => {
    expect(migrationCommand(['unused-indexes'])).toEqual({
      command: 'unused-indexes',
      drop: false,
    });
    expect(migrationCommand(['unused-indexes', '--drop'])).toEqual({
      command: 'unused-indexes',
      drop: true,
    });
  });

  it.each([
    [['drop-indexes']],
    [['unused-indexes', '--force']],
    [['unused-indexes', '--drop', 'x']],
  ])('answers %j with the usage', (args) => {
    expect(migrationCommand(args)).toEqual({ command: 'usage' });
  });
});
