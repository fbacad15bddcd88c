/** Free and Premium side by side. */
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { PLAN_LIMITS, PREMIUM_PRICE } from '@mcat/contracts';
import { formatPrice } from '../utils/price';

const PLANS = [
  {
    name: 'Free',
    price: '$0',
    features: [
      `Up to ${PLAN_LIMITS.free.tests} practice tests`,
      `Up to ${PLAN_LIMITS.free.questions} missed questions`,
      'Score charts and the review wizard',
    ],
  },
  {
    name: 'Premium',
    price: `${formatPrice(PREMIUM_PRICE.amount)} one-time payment`,
    features: [
      `Up to ${PLAN_LIMITS.premium.tests} practice tests`,
      `Up to ${PLAN_LIMITS.premium.questions} missed questions`,
      'Priority support by email',
      'All future premium features',
    ],
  },
] as const;

export function PlanComparison() {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {PLANS.map((plan) => (
        <Paper
          key={plan.name}
          variant="outlined"
          component="section"
          aria-labelledby={`plan-${plan.name}`}
          sx={{ p: 3, borderColor: plan.name === 'Premium' ? 'secondary.main' : undefined }}
        >
          <Typography id={`plan-${plan.name}`} variant="h5" component="h2">
            {plan.name}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary">
            {plan.price}
          </Typography>
          <List dense>
            {plan.features.map((feature) => (
              <ListItem key={feature} disableGutters>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <CheckIcon color="success" />
                </ListItemIcon>
                <ListItemText primary={feature} />
              </ListItem>
            ))}
          </List>
        </Paper>
      ))}
    </Box>
  );
}
