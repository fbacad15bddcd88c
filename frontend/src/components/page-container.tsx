import type { ReactNode } from 'react';
import Container from '@mui/material/Container';

interface PageContainerProps {
  children: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
}

/** The padded column every page sits in. */
export function PageContainer({ children, maxWidth = 'lg' }: PageContainerProps) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      {children}
    </Container>
  );
}
