import { Alert } from '@mantine/core';

// A picture that carries a camera date may have been taken long before, or for someone else's
// application (spec 001 section 2).
export function ExifWarning({ dateTime }: { dateTime: string | null }) {
  const carries = dateTime === null ? 'EXIF data' : `EXIF date_time ${dateTime}`;
  return (
    <Alert color="yellow" variant="light" title="Image with EXIF data">
      An image carries {carries}: it may not have been taken for this application.
    </Alert>
  );
}
