/** MUI Link and Button rendered as react-router links. */
import { forwardRef } from 'react';
import { Link as RouterDomLink, type LinkProps as RouterDomLinkProps } from 'react-router-dom';

export const RouterLink = forwardRef<HTMLAnchorElement, RouterDomLinkProps>(
  function RouterLink(props, ref) {
    return <RouterDomLink ref={ref} {...props} />;
  },
);
