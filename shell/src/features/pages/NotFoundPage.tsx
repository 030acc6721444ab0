import type React from 'react';
import { Link } from 'react-router-dom';
import { Result } from 'antd';
import { routes } from '@swapstuff/sdk';

/** Any route no one owns, and an unknown static page. */
export const NotFoundPage: React.FC = () => (
  <Result
    status="404"
    title="Page not found"
    subTitle="Sorry, the page you are looking for does not exist or has moved."
    extra={<Link to={routes.home}>Back to Home</Link>}
  />
);
