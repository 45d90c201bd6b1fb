// A flat submission: every lesson file in one folder (the quiz check reads no code).
