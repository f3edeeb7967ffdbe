/**
 * An Apply button: with JavaScript it opens the inquiry widget (preset with a course when given);
 * without it, the button submits a tiny form that leads to the contact page, so a reader with
 * scripts off still gets to the college's phone, e-mails and address.
 */
import type { ReactNode } from 'react';
import { openInquiry } from '../../lib/inquiry';

interface ApplyButtonProps {
  className: string;
  course?: string;
  courseType?: number;
  children: ReactNode;
}

export function ApplyButton({ className, course, courseType, children }: ApplyButtonProps) {
  return (
    <form className="apply-form" action="/contact" method="get">
      <button
        type="submit"
        className={className}
        onClick={(event) => {
          event.preventDefault();
          openInquiry(course, courseType);
        }}
      >
        {children}
      </button>
    </form>
  );
}
