// lesson 1
