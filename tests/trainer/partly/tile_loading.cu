// A lesson file beside a trainer progress file with one exercise partly right (the trainer check reads no code).
