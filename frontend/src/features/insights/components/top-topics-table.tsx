import Typography from '@mui/material/Typography';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-column';
import type { TagTrend } from '../utils/findings';
import { perTestNumber } from '../utils/labels';
import { STEADY_BAND, type Trend } from '../utils/trend';

const TREND_LOOK: Record<Trend, { label: string; icon: typeof TrendingUpIcon; color: string }> = {
  rising: { label: 'Rising', icon: TrendingUpIcon, color: 'error.main' },
  falling: { label: 'Falling', icon: TrendingDownIcon, color: 'success.main' },
  steady: { label: 'Steady', icon: TrendingFlatIcon, color: 'text.secondary' },
};

function TrendCell({ summary }: Pick<TagTrend, 'summary'>) {
  if (summary.trend === null) {
    return <Typography variant="body2">Too few tests</Typography>;
  }
  const { label, icon: Icon, color } = TREND_LOOK[summary.trend];
  return (
    <>
      <Typography
        variant="body2"
        component="span"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
      >
        <Icon fontSize="small" sx={{ color }} aria-hidden />
        {label}
      </Typography>{' '}
      <Typography
        variant="body2"
        component="span"
        color="text.secondary"
        sx={{ display: 'inline-block' }}
      >
        {/* Non-breaking spaces: on a phone it wraps between the numbers and "per test" only. */}(
        {perTestNumber(summary.earlier)}&nbsp;→&nbsp;{perTestNumber(summary.recent)} per&nbsp;test)
      </Typography>
    </>
  );
}

const TOPIC_COLUMNS: readonly DataTableColumn<TagTrend>[] = [
  { header: 'Topic', kind: 'rowHeader', render: ({ tag }) => tag },
  { header: 'Missed', numeric: true, render: ({ count }) => count },
  { header: 'Trend', render: ({ summary }) => <TrendCell summary={summary} /> },
];

/** The most-missed topic tags with how their misses move (utils/trend.ts). */
export function TopTopicsTable({ tags }: { tags: readonly TagTrend[] }) {
  if (tags.length === 0) {
    return (
      <Typography color="text.secondary">
        None of your missed questions has a topic tag yet. Add tags to your questions to see which
        topics cost you the most.
      </Typography>
    );
  }
  return (
    <DataTable
      rows={tags}
      columns={TOPIC_COLUMNS}
      rowKey={({ tag }) => tag}
      label="Most-missed topics, as a table"
      caption={`Trend: missed questions per test in the recent half of your tests against the earlier half; a change under ${STEADY_BAND} per test is steady.`}
    />
  );
}
