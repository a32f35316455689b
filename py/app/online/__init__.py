"""Online play between browsers: invitation codes, QR codes, WebRTC, and the table
as one peer of ``thousand.net`` (all loaded only with the first online table)."""
